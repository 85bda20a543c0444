// Argument parsing of `mbs`: every mistake gets a precise message (and exit 64 through UsageError).
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../../src/cli/args'
import { UsageError } from '../../../src/cli/errors'

function usageError(argv: string[]): string {
  try {
    parseArgs(argv)
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError)
    expect((e as UsageError).exitCode).toBe(64)
    return (e as Error).message
  }
  throw new Error(`no error for ${argv.join(' ')}`)
}

describe('parseArgs', () => {
  it('parses run with every option, as --name VALUE and --name=VALUE', () => {
    expect(
      parseArgs([
        'run',
        'p.mbsproj',
        '--end-time',
        '2.5',
        '--sensors-dir=out',
        '--results',
        'r.mbsres',
        '--save-checkpoint',
        'c.mbschk',
        '--checkpoint-at',
        '1e-1',
        '--from-checkpoint',
        'old.mbschk',
        '--json',
        '--set',
        'bob.physicsMass=2',
        '--set=timeIntegration.endTime=-1',
      ]),
    ).toEqual({
      command: 'run',
      project: 'p.mbsproj',
      run: {
        overrides: ['bob.physicsMass=2', 'timeIntegration.endTime=-1'],
        endTime: 2.5,
        sensorsDir: 'out',
        results: 'r.mbsres',
        saveCheckpoint: 'c.mbschk',
        checkpointAt: 0.1,
        fromCheckpoint: 'old.mbschk',
        json: true,
      },
    })
    expect(parseArgs(['run', 'p.mbsproj'])).toEqual({
      command: 'run',
      project: 'p.mbsproj',
      run: { overrides: [], json: false },
    })
  })

  it('parses validate, info, help and version', () => {
    expect(parseArgs(['validate', 'a'])).toEqual({ command: 'validate', project: 'a' })
    expect(parseArgs(['info', 'a'])).toEqual({ command: 'info', file: 'a' })
    expect(parseArgs([])).toEqual({ command: 'help' })
    expect(parseArgs(['--help'])).toEqual({ command: 'help' })
    expect(parseArgs(['help', 'run'])).toEqual({ command: 'help', topic: 'run' })
    expect(parseArgs(['run', '--help'])).toEqual({ command: 'help', topic: 'run' })
    expect(parseArgs(['--version'])).toEqual({ command: 'version' })
  })

  it.each([
    [['rnu', 'p'], 'unknown command "rnu" (did you mean "run"?)'],
    [['--verison'], 'unknown option "--verison" (did you mean "--version"?)'],
    [
      ['run', 'p', '--end-tim', '1'],
      'unknown option "--end-tim" (did you mean "--end-time"?); options of run: --end-time,',
    ],
    [['run', 'p', '--sensor-dir', 'd'], 'unknown option "--sensor-dir" (did you mean "--sensors-dir"?)'],
    [['run', 'p', '-j'], 'unknown option "-j"'],
    [['validate', 'p', '--json'], 'unknown option "--json"; validate takes no options'],
    [['run', 'p', '--end-time'], '--end-time needs a value T'],
    [['run', 'p', '--end-time', '--json'], '--end-time needs a value T'],
    [['run', 'p', '--sensors-dir='], '--sensors-dir needs a value DIR'],
    [['run', 'p', '--end-time', 'abc'], '--end-time expects a number in seconds, got "abc"'],
    [['run', 'p', '--end-time', '0x10'], '--end-time expects a number in seconds, got "0x10"'],
    [['run', 'p', '--end-time', 'Infinity'], '--end-time expects a number in seconds, got "Infinity"'],
    [['run', 'p', '--end-time', '1e999'], '--end-time expects a finite number, got "1e999"'],
    [['run', 'p', '--checkpoint-at', '0.5'], '--checkpoint-at needs --save-checkpoint FILE'],
    [['run', 'p', '--json', '--json'], '--json is given more than once'],
    [['run', 'p', '--json=yes'], '--json takes no value'],
    [['run'], 'missing PROJECT'],
    [['run', 'a', 'b'], 'unexpected argument "b" (run takes one PROJECT)'],
    [['info'], 'missing FILE'],
    [['help', 'rum'], 'no command "rum" (did you mean "run"?)'],
  ])('%j: %s', (argv, message) => {
    expect(usageError(argv)).toContain(message)
  })

  it('accepts negative numbers as values (the run then checks them against the project)', () => {
    expect(parseArgs(['run', 'p', '--end-time', '-1'])).toMatchObject({ run: { endTime: -1 } })
  })
})
