// Reading input files and writing output files, with messages that name the file.
import { readFile, writeFile } from 'node:fs/promises'
import { CliError } from './cli-errors.ts'

export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as Error).message}`, { cause: error })
  }
}

export async function readJsonFile(path: string): Promise<unknown> {
  const text = await readTextFile(path)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
}

export async function writeTextFile(path: string, text: string): Promise<void> {
  try {
    await writeFile(path, text)
  } catch (error) {
    throw new CliError(`Cannot write ${path}: ${(error as Error).message}`, { cause: error })
  }
}
