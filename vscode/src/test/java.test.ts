import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  checkJavaVersion,
  JavaNotFoundError,
  parseJavaMajorVersion,
  resolveJava,
  serverCommandLine,
} from '../java';

/** Makes a fake Java home whose bin/java is a shell script printing the given `-version` text. */
function fakeJavaHome(versionText: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fabricsim-java-'));
  fs.mkdirSync(path.join(home, 'bin'));
  const launcher = path.join(home, 'bin', 'java');
  fs.writeFileSync(launcher, `#!/bin/sh\necho '${versionText}' 1>&2\n`);
  fs.chmodSync(launcher, 0o755);
  return home;
}

test('parses java -version output of modern and legacy runtimes', () => {
  assert.equal(parseJavaMajorVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment'), 17);
  assert.equal(parseJavaMajorVersion('openjdk version "21" 2023-09-19'), 21);
  assert.equal(parseJavaMajorVersion('java version "1.8.0_402"'), 8);
  assert.equal(parseJavaMajorVersion('openjdk version "25-ea" 2025-09-16'), 25);
  assert.equal(parseJavaMajorVersion('garbage'), undefined);
});

test('the fabricsim.java.home setting wins over JAVA_HOME and PATH', { skip: process.platform === 'win32' }, () => {
  const home = fakeJavaHome('openjdk version "17.0.1"');
  const other = fakeJavaHome('openjdk version "21"');
  const java = resolveJava(home, { JAVA_HOME: other, PATH: path.join(other, 'bin') }, 'linux');
  assert.equal(java.path, path.join(home, 'bin', 'java'));
  assert.equal(java.source, 'fabricsim.java.home');
});

test('a wrong fabricsim.java.home is an error naming the setting, not a silent fallback', () => {
  const other = fakeJavaHome('openjdk version "21"');
  assert.throws(
    () => resolveJava('/nonexistent/jdk', { JAVA_HOME: other }, 'linux'),
    (error: unknown) =>
      error instanceof JavaNotFoundError && /fabricsim\.java\.home/.test(error.message) && /nonexistent/.test(error.message),
  );
});

test('JAVA_HOME is used when the setting is empty', { skip: process.platform === 'win32' }, () => {
  const home = fakeJavaHome('openjdk version "17.0.1"');
  const java = resolveJava('  ', { JAVA_HOME: home, PATH: '' }, 'linux');
  assert.equal(java.source, 'JAVA_HOME');
  assert.equal(java.path, path.join(home, 'bin', 'java'));
});

test('java on the PATH is used last, even when JAVA_HOME is stale', { skip: process.platform === 'win32' }, () => {
  const home = fakeJavaHome('openjdk version "17.0.1"');
  const java = resolveJava(undefined, { JAVA_HOME: '/stale/jdk', PATH: ['/nonexistent', path.join(home, 'bin')].join(path.delimiter) }, 'linux');
  assert.equal(java.source, 'PATH');
  assert.equal(java.path, path.join(home, 'bin', 'java'));
});

test('no java anywhere gives a message that says what to install and where to configure it', () => {
  assert.throws(
    () => resolveJava(undefined, { JAVA_HOME: '/stale/jdk', PATH: '/nonexistent' }, 'linux'),
    (error: unknown) =>
      error instanceof JavaNotFoundError &&
      /Java 17 or newer/.test(error.message) &&
      /JAVA_HOME is "\/stale\/jdk"/.test(error.message) &&
      /fabricsim\.java\.home/.test(error.message),
  );
});

test('an old Java is rejected with its version in the message', { skip: process.platform === 'win32' }, () => {
  const home = fakeJavaHome('java version "1.8.0_402"');
  const java = resolveJava(home, {}, 'linux');
  assert.throws(() => checkJavaVersion(java), (error: unknown) => error instanceof JavaNotFoundError && /Java 8/.test(error.message));
  const recent = resolveJava(fakeJavaHome('openjdk version "17.0.15" 2025-04-15'), {}, 'linux');
  assert.equal(checkJavaVersion(recent), 17);
});

test('the server is started as java -jar <jar> lsp', () => {
  const line = serverCommandLine({ path: '/jdk/bin/java', source: 'PATH' }, '/ext/server/fabric.jar');
  assert.deepEqual(line, { command: '/jdk/bin/java', args: ['-jar', '/ext/server/fabric.jar', 'lsp'] });
});
