// The only file that imports inquirer. Callers check `ctx.interactive` first: without a
// terminal nothing here is ever called, so the CLI never waits for input in a script.
import inquirer from 'inquirer'

export async function askText(message: string, { required = true } = {}): Promise<string> {
  const { value } = await inquirer.prompt<{ value: string }>([{
    type: 'input', name: 'value', message,
    validate: (text: string) => !required || text.trim() !== '' || 'A value is required',
  }])
  return value.trim()
}

export async function askInteger(message: string, min: number): Promise<number> {
  const { value } = await inquirer.prompt<{ value: string }>([{
    type: 'input', name: 'value', message,
    validate: (text: string) => (/^\d+$/.test(text.trim()) && Number(text) >= min) || `Enter a whole number of at least ${min}`,
  }])
  return Number(value)
}

export async function askConfirm(message: string, defaultValue = false): Promise<boolean> {
  const { value } = await inquirer.prompt<{ value: boolean }>([{ type: 'confirm', name: 'value', message, default: defaultValue }])
  return value
}

export async function askChoice<T extends string>(message: string, choices: readonly { name: string; value: T }[]): Promise<T> {
  const { value } = await inquirer.prompt<{ value: T }>([{ type: 'select', name: 'value', message, choices }])
  return value
}
