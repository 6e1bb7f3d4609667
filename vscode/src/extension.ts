// FabricSim for VS Code: a thin client that starts the bundled FabricSim language server
// (`java -jar server/fabric.jar lsp`, LSP over stdio) for .fabric files, with the commands Validate,
// Simulate (the server's fabricsim.simulate, also behind its "Simulate" code lens), Format and Open Report,
// the topology preview (the server's fabricsim.draw behind its "Draw" code lens, shown in a webview),
// `fabricsim` tasks that run `fabric simulate` with a problem matcher, and a status bar item for the server.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';
import {
  DRAW_COMMAND, drawRequest, isPicture, reportArguments, runJava, serverStatus, ServerState, simulateRequest,
  simulateTaskArguments, simulateTaskName, SimulateTaskDefinition, TASK_TYPE, validateArguments,
} from './commands';
import { checkJavaVersion, JavaNotFoundError, resolveJava, serverCommandLine } from './java';

const CLIENT_ID = 'fabricsim';
const CLIENT_NAME = 'FabricSim';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
let javaPath: string | undefined;
let status: vscode.StatusBarItem | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(CLIENT_NAME);
  context.subscriptions.push(output);
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left);
  status.command = 'fabricsim.restartServer';
  showStatus('starting');
  status.show();
  context.subscriptions.push(status);
  context.subscriptions.push(
    vscode.commands.registerCommand('fabricsim.restartServer', async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.commands.registerCommand('fabricsim.validate', () => withFile((file) =>
      runJava(javaPath ?? 'java', validateArguments(context.asAbsolutePath('server/fabric.jar'), file)))),
    vscode.commands.registerCommand('fabricsim.simulateFile', (uri?: string, name?: string) => simulate(uri, name)),
    vscode.commands.registerCommand('fabricsim.drawPreview', (uri?: string, name?: string) => drawPreview(uri, name)),
    vscode.commands.registerCommand('fabricsim.format', () => vscode.commands.executeCommand('editor.action.formatDocument')),
    vscode.commands.registerCommand('fabricsim.openReport', () => openReport(context)),
    vscode.tasks.registerTaskProvider(TASK_TYPE, {
      provideTasks: () => {
        const document = vscode.window.activeTextEditor?.document;
        return document?.languageId === 'fabric' ? [simulateTask(context, { type: TASK_TYPE, file: document.uri.fsPath })] : [];
      },
      resolveTask: (task) => {
        const definition = task.definition as SimulateTaskDefinition;
        return definition.file ? simulateTask(context, definition, task.scope) : undefined;
      },
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('fabricsim.java.home')) {
        const choice = await vscode.window.showInformationMessage(
          'fabricsim.java.home changed. Restart the FabricSim language server to use it?',
          'Restart',
        );
        if (choice === 'Restart') {
          await vscode.commands.executeCommand('fabricsim.restartServer');
        }
      }
    }),
  );
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

function showStatus(state: ServerState): void {
  if (status) {
    const { text, tooltip } = serverStatus(state);
    status.text = text;
    status.tooltip = tooltip;
  }
}

/** A task that runs `fabric simulate` on a file (or one study of it); the fabricsim matcher reads its diagnostics. */
function simulateTask(context: vscode.ExtensionContext, definition: SimulateTaskDefinition,
  scope: vscode.TaskScope | vscode.WorkspaceFolder = vscode.TaskScope.Workspace): vscode.Task {
  const execution = new vscode.ProcessExecution(javaPath ?? 'java', simulateTaskArguments(context.asAbsolutePath('server/fabric.jar'), definition));
  return new vscode.Task(definition, scope, simulateTaskName(definition), TASK_TYPE, execution, '$fabricsim');
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const serverJar = context.asAbsolutePath('server/fabric.jar');
  showStatus('starting');
  if (!fs.existsSync(serverJar)) {
    showStatus('missing');
    void vscode.window.showErrorMessage(
      `FabricSim: the bundled language server is missing (${serverJar}). Reinstall the extension.`,
    );
    return;
  }

  let commandLine: { command: string; args: string[] };
  try {
    const settingHome = vscode.workspace.getConfiguration('fabricsim').get<string>('java.home');
    const java = resolveJava(settingHome);
    const version = checkJavaVersion(java);
    output?.appendLine(`Using ${java.path} (from ${java.source}${version ? `, Java ${version}` : ''}).`);
    commandLine = serverCommandLine(java, serverJar);
    javaPath = java.path;
  } catch (error) {
    const message = error instanceof JavaNotFoundError ? error.message : `FabricSim: ${String(error)}`;
    output?.appendLine(message);
    showStatus('missing');
    const choice = await vscode.window.showErrorMessage(message, 'Open Settings');
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'fabricsim.java.home');
    }
    return;
  }

  const executable = { command: commandLine.command, args: commandLine.args, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run: executable, debug: executable };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'fabric' }],
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.fabric'),
    },
    outputChannel: output,
    middleware: {
      // The server's lenses run its fabricsim.simulate and fabricsim.draw; here they run through simulateFile and
      // drawPreview, which show the answer.
      provideCodeLenses: async (document, token, next) => {
        const lenses = (await next(document, token)) ?? [];
        for (const lens of lenses) {
          if (lens.command) {
            const local = lens.command.command === DRAW_COMMAND ? 'fabricsim.drawPreview' : 'fabricsim.simulateFile';
            lens.command = { ...lens.command, command: local };
          }
        }
        return lenses;
      },
    },
  };

  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client.onDidChangeState((event) =>
    showStatus(event.newState === State.Running ? 'running' : event.newState === State.Starting ? 'starting' : 'stopped'));
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    showStatus('stopped');
    void vscode.window.showErrorMessage(
      `FabricSim: the language server failed to start (${commandLine.command} ${commandLine.args.join(' ')}): ${String(error)}. ` +
        `See the "${CLIENT_NAME}" output channel.`,
    );
  }
}

/** The active .fabric editor's file, or a message saying that one is needed. */
function activeFabricFile(): vscode.Uri | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || document.languageId !== 'fabric') {
    void vscode.window.showWarningMessage('FabricSim: open a .fabric file first.');
    return undefined;
  }
  return document.uri;
}

/** Runs a `fabric` command line on the active file and shows its output in the FabricSim channel. */
async function withFile(run: (file: string) => Promise<{ code: number; stdout: string; stderr: string }>): Promise<void> {
  const uri = activeFabricFile();
  if (!uri) {
    return;
  }
  const outcome = await run(uri.fsPath);
  output?.appendLine(outcome.stdout + outcome.stderr);
  output?.show(true);
}

/** Simulates the file (or one study or workload of it) in the language server and shows the console text. */
async function simulate(uri?: string, name?: string): Promise<void> {
  const target = uri ?? activeFabricFile()?.toString();
  if (!target || !client) {
    return;
  }
  const answer = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `FabricSim: simulating ${name ?? path.basename(target)}` },
    () => client!.sendRequest(ExecuteCommandRequest.type, simulateRequest(target, name)),
  );
  output?.appendLine(String(answer));
  output?.show(true);
}

/** Draws a cluster or training job of a document in the server and shows the SVG in a webview beside the editor. */
async function drawPreview(uri?: string, name?: string): Promise<void> {
  if (!uri || !name || !client) {
    return;
  }
  const answer = String(await client.sendRequest(ExecuteCommandRequest.type, drawRequest(uri, name)));
  if (!isPicture(answer)) {
    output?.appendLine(answer);
    output?.show(true);
    return;
  }
  const panel = vscode.window.createWebviewPanel('fabricsimDraw', `Draw: ${name}`, vscode.ViewColumn.Beside, {});
  panel.webview.html = `<!DOCTYPE html><html><body style="background:#ffffff">${answer}</body></html>`;
}

/** Simulates the active file with `fabric simulate --html` and shows the report in a webview. */
async function openReport(context: vscode.ExtensionContext): Promise<void> {
  const uri = activeFabricFile();
  if (!uri) {
    return;
  }
  fs.mkdirSync(context.globalStorageUri.fsPath, { recursive: true });
  const report = path.join(context.globalStorageUri.fsPath, 'report.html');
  const outcome = await runJava(javaPath ?? 'java', reportArguments(context.asAbsolutePath('server/fabric.jar'), uri.fsPath, report));
  output?.appendLine(outcome.stdout + outcome.stderr);
  if (!fs.existsSync(report)) {
    output?.show(true);
    void vscode.window.showErrorMessage('FabricSim: no report was written; see the FabricSim output channel.');
    return;
  }
  const panel = vscode.window.createWebviewPanel('fabricsimReport', `Report: ${path.basename(uri.fsPath)}`,
    vscode.ViewColumn.Beside, { enableScripts: true });
  panel.webview.html = fs.readFileSync(report, 'utf8');
}
