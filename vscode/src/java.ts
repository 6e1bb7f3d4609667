// Finding the Java runtime that runs the bundled FabricSim language server.
// Pure Node.js (no 'vscode' import) so that it can be unit-tested with `node --test`.
import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** The language server is built for Java 17 (maven.compiler.release in the root pom). */
export const MINIMUM_JAVA_VERSION = 17;

export type JavaSource = 'fabricsim.java.home' | 'JAVA_HOME' | 'PATH';

export interface JavaExecutable {
  /** Absolute path of the java launcher. */
  readonly path: string;
  /** Where it was found. */
  readonly source: JavaSource;
}

/** Thrown when no usable Java runtime can be found; the message is shown to the user as is. */
export class JavaNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JavaNotFoundError';
  }
}

function executableName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'java.exe' : 'java';
}

function isExecutableFile(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (platform !== 'win32') {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

function javaInHome(home: string, platform: NodeJS.Platform): string {
  return path.join(home, 'bin', executableName(platform));
}

/**
 * Resolves the java launcher: the `fabricsim.java.home` setting if set, else `JAVA_HOME`,
 * else `java` on the `PATH`. Throws {@link JavaNotFoundError} with a message that says what to do.
 */
export function resolveJava(
  settingHome: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): JavaExecutable {
  const configured = settingHome?.trim();
  if (configured) {
    const candidate = javaInHome(configured, platform);
    if (isExecutableFile(candidate, platform)) {
      return { path: candidate, source: 'fabricsim.java.home' };
    }
    throw new JavaNotFoundError(
      `The setting fabricsim.java.home is "${configured}", but ${candidate} does not exist or is not executable. ` +
        `Set it to the home directory of a Java ${MINIMUM_JAVA_VERSION}+ runtime, or clear it to use JAVA_HOME or java on the PATH.`,
    );
  }
  const notes: string[] = [];
  const javaHome = env.JAVA_HOME?.trim();
  if (javaHome) {
    const candidate = javaInHome(javaHome, platform);
    if (isExecutableFile(candidate, platform)) {
      return { path: candidate, source: 'JAVA_HOME' };
    }
    notes.push(`JAVA_HOME is "${javaHome}" but ${candidate} does not exist`);
  }
  const pathVar = env.PATH ?? env.Path ?? '';
  for (const dir of pathVar.split(path.delimiter)) {
    if (!dir) {
      continue;
    }
    const candidate = path.join(dir, executableName(platform));
    if (isExecutableFile(candidate, platform)) {
      return { path: candidate, source: 'PATH' };
    }
  }
  notes.push('no java executable on the PATH');
  throw new JavaNotFoundError(
    `FabricSim needs Java ${MINIMUM_JAVA_VERSION} or newer to run its language server, but none was found (${notes.join('; ')}). ` +
      `Install a JDK or JRE ${MINIMUM_JAVA_VERSION}+ and either put java on the PATH, set JAVA_HOME, or set fabricsim.java.home.`,
  );
}

/**
 * Parses the major version from `java -version` output (printed on stderr), e.g.
 * `openjdk version "17.0.15" 2025-04-15` gives 17 and `java version "1.8.0_402"` gives 8.
 */
export function parseJavaMajorVersion(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(versionOutput);
  if (!match) {
    return undefined;
  }
  const first = Number(match[1]);
  if (first === 1 && match[2] !== undefined) {
    return Number(match[2]);
  }
  return first;
}

/**
 * Runs `java -version` and throws {@link JavaNotFoundError} if it cannot run or is older than
 * {@link MINIMUM_JAVA_VERSION}. An unparseable version is accepted (the server will tell).
 */
export function checkJavaVersion(java: JavaExecutable, timeoutMs = 15000): number | undefined {
  const result = cp.spawnSync(java.path, ['-version'], { encoding: 'utf8', timeout: timeoutMs });
  if (result.error) {
    throw new JavaNotFoundError(
      `Could not run ${java.path} (found via ${java.source}): ${result.error.message}. ` +
        `Install a Java ${MINIMUM_JAVA_VERSION}+ runtime or set fabricsim.java.home.`,
    );
  }
  const version = parseJavaMajorVersion(`${result.stderr ?? ''}\n${result.stdout ?? ''}`);
  if (version !== undefined && version < MINIMUM_JAVA_VERSION) {
    throw new JavaNotFoundError(
      `${java.path} (found via ${java.source}) is Java ${version}, but the FabricSim language server needs Java ${MINIMUM_JAVA_VERSION} or newer. ` +
        `Set fabricsim.java.home to a newer Java runtime.`,
    );
  }
  return version;
}

/** The command line that starts the language server over stdio. */
export function serverCommandLine(java: JavaExecutable, serverJar: string): { command: string; args: string[] } {
  return { command: java.path, args: ['-jar', serverJar, 'lsp'] };
}
