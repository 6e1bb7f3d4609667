// FabricSim for VS Code: a thin client that starts the bundled FabricSim language server
// (`java -jar server/fabric.jar lsp`, LSP over stdio) for .fabric files.
import * as fs from 'fs';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { checkJavaVersion, JavaNotFoundError, resolveJava, serverCommandLine } from './java';

const CLIENT_ID = 'fabricsim';
const CLIENT_NAME = 'FabricSim';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(CLIENT_NAME);
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand('fabricsim.restartServer', async () => {
      await stopClient();
      await startClient(context);
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

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const serverJar = context.asAbsolutePath('server/fabric.jar');
  if (!fs.existsSync(serverJar)) {
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
  } catch (error) {
    const message = error instanceof JavaNotFoundError ? error.message : `FabricSim: ${String(error)}`;
    output?.appendLine(message);
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
  };

  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    void vscode.window.showErrorMessage(
      `FabricSim: the language server failed to start (${commandLine.command} ${commandLine.args.join(' ')}): ${String(error)}. ` +
        `See the "${CLIENT_NAME}" output channel.`,
    );
  }
}
