// A private network of the test's own, so a server can listen on every interface (0.0.0.0) without
// being reachable from the shared machine: `unshare -rn` gives the child a user and network
// namespace of its own (no privileges needed), with loopback and a veth pair whose two ends have
// the addresses below. Nothing outside the namespace reaches it; `runInside` runs a command in it.
import { type ChildProcess, execFile, spawn } from 'node:child_process'

export const NAMESPACE_ADDRESSES = ['10.77.0.2', '10.78.0.3']

const SETUP = [
  'ip link set lo up',
  'ip link add gp0 type veth peer name gp1',
  `ip addr add ${NAMESPACE_ADDRESSES[0]}/24 dev gp0`,
  `ip addr add ${NAMESPACE_ADDRESSES[1]}/24 dev gp1`,
  'ip link set gp0 up',
  'ip link set gp1 up',
].join(' && ')

export interface NamespacedProcess {
  child: ChildProcess
  /** Runs a command in the same network (e.g. a client of the server), resolving with its stdout. */
  runInside(command: string, args: string[]): Promise<string>
}

/** Spawns `command args` (after `exec`, so its pid is the namespace's first process). */
export function spawnInNamespace(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): NamespacedProcess {
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')
  const child = spawn('unshare', ['-rn', 'sh', '-c', `${SETUP} && exec ${quoted}`], options)
  return {
    child,
    runInside: (inner, innerArgs) => new Promise((resolve, reject) => {
      execFile('nsenter', ['-t', String(child.pid), '-U', '-n', '--preserve-credentials', inner, ...innerArgs], { timeout: 10_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}: ${stderr}`)) : resolve(stdout)))
    }),
  }
}
