// Drives the CLI through a pseudo-terminal (python3's pty module), so prompts see a TTY on
// stdin and stdout exactly as with a person at a keyboard.
import { execFile } from 'node:child_process'
import { CLI_BIN, cliEnv, storeTarget } from './cli.ts'

export interface PtyStep {
  /** A regular expression (Python syntax) awaited in the screen text, ANSI codes removed. */
  expect: string
  /** Keys to type once it appeared: '\r' is Enter, '\x1b[B' is the down arrow. */
  send: string
}

export interface PtyResult {
  code: number
  /** Everything the terminal showed, ANSI codes removed. */
  screen: string
  /** Set when an expected text never appeared. */
  error: string | null
}

export const KEY = { enter: '\r', down: '\x1b[B' } as const

const DRIVER = String.raw`
import fcntl, json, os, pty, re, select, struct, sys, termios, time
args, steps, timeout = json.loads(sys.argv[1]), json.loads(sys.argv[2]), float(sys.argv[3])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(args[0], args)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 40, 160, 0, 0))
ansi = re.compile(r'\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\r')
raw, pos, deadline, error = b'', 0, time.time() + timeout, None
def pump(wait):
    global raw
    ready, _, _ = select.select([fd], [], [], wait)
    if not ready: return True
    try: chunk = os.read(fd, 65536)
    except OSError: return False
    raw += chunk
    return bool(chunk)
def screen(): return ansi.sub('', raw.decode('utf8', 'replace'))
for step in steps:
    pattern = re.compile(step['expect'])
    while not error:
        match = pattern.search(screen(), pos)
        if match: pos = match.end(); break
        if time.time() > deadline or not pump(0.1): error = 'never saw: ' + step['expect']
    if error: break
    os.write(fd, step['send'].encode())
while time.time() < deadline and pump(0.2): pass
if error or time.time() >= deadline: os.kill(pid, 9)
_, status = os.waitpid(pid, 0)
print(json.dumps({'screen': screen(), 'code': os.waitstatus_to_exitcode(status), 'error': error}))
`

export async function cliInPty(args: string[], steps: PtyStep[], { cwd, timeoutMs = 20_000 }: { cwd: string; timeoutMs?: number }): Promise<PtyResult> {
  const target = await storeTarget(args, cwd, { TERM: 'xterm-256color' })
  const command = JSON.stringify([process.execPath, CLI_BIN, ...target.args])
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', DRIVER, command, JSON.stringify(steps), String(timeoutMs / 1000)],
      { cwd, env: cliEnv(cwd, target.env), timeout: timeoutMs + 5000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`pty driver failed: ${stderr || error.message}`))
        const result = JSON.parse(stdout) as PtyResult
        resolve({ ...result, screen: target.rename(result.screen) })
      })
  })
}
