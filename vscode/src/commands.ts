// The command layer of the FabricSim extension, free of the VS Code API so that node tests run it
// against a real server process: the `fabric` command lines behind Validate, Open Report and the
// `fabricsim` task, the problem matcher that reads their diagnostics, the language server's
// `fabricsim.simulate` request behind Simulate and the "Simulate" code lens, the `fabricsim.draw` request
// behind the "Draw" code lens (the topology preview), and the status bar text.
import * as cp from 'child_process';

/** The server command the code lens carries and the Simulate command sends (dsl.ide SimulateCommand.ID). */
export const SIMULATE_COMMAND = 'fabricsim.simulate';

/** A finished `fabric` call. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `fabric validate FILE`: diagnostics as file:line:column lines. */
export function validateArguments(serverJar: string, file: string): string[] {
  return ['-jar', serverJar, 'validate', file];
}

/** `fabric simulate FILE --html REPORT --force` (optionally one study or workload): the console text and the report. */
export function reportArguments(serverJar: string, file: string, report: string, study?: string): string[] {
  return ['-jar', serverJar, 'simulate', file, ...(study ? ['--study', study] : []), '--html', report, '--force'];
}

/** The task type of `fabric simulate` tasks (package.json taskDefinitions): a file and optionally one study. */
export const TASK_TYPE = 'fabricsim';

/** The `fabricsim` task's definition as tasks.json writes it. */
export interface SimulateTaskDefinition {
  type: typeof TASK_TYPE;
  file: string;
  study?: string;
}

/** `fabric simulate FILE [--study NAME]`: what a `fabricsim` task runs; its diagnostics go to the problem matcher. */
export function simulateTaskArguments(serverJar: string, definition: SimulateTaskDefinition): string[] {
  return ['-jar', serverJar, 'simulate', definition.file, ...(definition.study ? ['--study', definition.study] : [])];
}

/** The label of a `fabricsim` task in the task picker. */
export function simulateTaskName(definition: SimulateTaskDefinition): string {
  return `simulate ${definition.file}${definition.study ? ` (${definition.study})` : ''}`;
}

/** A diagnostic as the `fabricsim` problem matcher (package.json problemMatchers) reads it from a `fabric` line. */
export interface MatchedProblem {
  file: string;
  line: number;
  column: number;
  severity: string;
  message: string;
  code?: string;
}

/**
 * Applies the problem matcher's pattern to `fabric` output, line by line, as VS Code does: `file:line:column:
 * severity: message [code]` (generator FileDiagnostic.format). `pattern` is the matcher's regexp.
 */
export function matchProblems(pattern: string, output: string): MatchedProblem[] {
  const regexp = new RegExp(pattern);
  return output.split(/\r?\n/).flatMap((line) => {
    const m = regexp.exec(line);
    return m ? [{ file: m[1], line: Number(m[2]), column: Number(m[3]), severity: m[4], message: m[5], ...(m[6] ? { code: m[6] } : {}) }] : [];
  });
}

/** The language server's state as the status bar shows it. */
export type ServerState = 'starting' | 'running' | 'stopped' | 'missing';

/** The status bar item's text (with a codicon) and tooltip for a server state; a click restarts the server. */
export function serverStatus(state: ServerState): { text: string; tooltip: string } {
  switch (state) {
    case 'starting':
      return { text: '$(sync~spin) FabricSim', tooltip: 'FabricSim language server starting' };
    case 'running':
      return { text: '$(check) FabricSim', tooltip: 'FabricSim language server running; click to restart' };
    case 'stopped':
      return { text: '$(error) FabricSim', tooltip: 'FabricSim language server stopped; click to restart (see the FabricSim output channel)' };
    case 'missing':
      return { text: '$(warning) FabricSim', tooltip: 'FabricSim language server not started: no Java runtime or no bundled server (see the FabricSim output channel)' };
  }
}

/** The workspace/executeCommand parameters that simulate a document, or one study or workload of it. */
export function simulateRequest(documentUri: string, name?: string): { command: string; arguments: string[] } {
  return { command: SIMULATE_COMMAND, arguments: name ? [documentUri, name] : [documentUri] };
}

/** The server command behind the "Draw" code lens (dsl.ide DrawPreviewCommand.ID): a cluster's or training job's SVG. */
export const DRAW_COMMAND = 'fabricsim.draw';

/** The `workspace/executeCommand` parameters that draw the cluster or training job `name` of a document. */
export function drawRequest(documentUri: string, name: string): { command: string; arguments: string[] } {
  return { command: DRAW_COMMAND, arguments: [documentUri, name] };
}

/** Whether the server's answer to a draw request is a picture, not a sentence saying why there is none. */
export function isPicture(answer: string): boolean {
  return answer.trimStart().startsWith('<svg');
}

/** Runs `java ARGS` and resolves with its exit code and output (never rejects on a non-zero exit). */
export function runJava(java: string, args: string[], timeoutMs = 600000): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    cp.execFile(java, args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}
