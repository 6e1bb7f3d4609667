// The command layer of the FabricSim extension, free of the VS Code API so that node tests run it
// against a real server process: the `fabric` command lines behind Validate and Open Report, and the
// language server's `fabricsim.simulate` request behind Simulate and the "Simulate" code lens.
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

/** The workspace/executeCommand parameters that simulate a document, or one study or workload of it. */
export function simulateRequest(documentUri: string, name?: string): { command: string; arguments: string[] } {
  return { command: SIMULATE_COMMAND, arguments: name ? [documentUri, name] : [documentUri] };
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
