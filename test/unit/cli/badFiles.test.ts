// Broken project files (test/fixtures/bad): each must be refused with a message that names the place
// and what was expected, both by the engine's parseProject and by the real `mbs validate` process.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProject } from '../../../src/core'
import { main } from '../../../src/cli/main'
import { mapConcurrently, REPO_ROOT, spawnCli } from './spawnCli'

const BAD = path.join('test', 'fixtures', 'bad')

/** File -> message fragments that must all appear (problem lines are "path: message"). */
const EXPECTED: Record<string, string[]> = {
  'invalidJson.mbsproj': ['(file): invalid JSON at line 3, column 16'],
  'truncated.mbsproj': ['(file): invalid JSON: the file ends too early', 'truncated?'],
  'empty.mbsproj': ['(file): invalid JSON: the file ends too early'],
  'notAnObject.mbsproj': ['(file): expected a JSON object'],
  'newerVersion.mbsproj': ['version: the file has format version 2, newer than this program knows (1)'],
  'wrongFormat.mbsproj': ['format: expected "format": "mbs-studio-project", got "exudyn-project"'],
  'unknownItemType.mbsproj': [
    'model.objects[1].type:',
    'unknown object type "MassPiont" (did you mean "MassPoint"?)',
  ],
  'unknownParameter.mbsproj': [
    'model.objects[1].physicsMas:',
    'unknown parameter "physicsMas" (did you mean "physicsMass"?)',
  ],
  'wrongParameterType.mbsproj': [
    'model.objects[1].physicsMass: object "bob" (MassPoint), parameter physicsMass: expected a number, ' +
      'got the string "1"',
  ],
  'nanString.mbsproj': ['parameter physicsMass: expected a number, got the string "NaN"'],
  'hugeExponent.mbsproj': ['parameter physicsMass: expected a finite number, got Infinity'],
  'danglingReferenceByName.mbsproj': [
    'model.objects[1].nodeNumber:',
    'no node "bobNod" (did you mean "bobNode"?)',
  ],
  'danglingReferenceByIndex.mbsproj': [
    'model.objects[1].nodeNumber:',
    'no node index 5 (the model has 1 node)',
  ],
  'referenceToWrongType.mbsproj': [
    'model.objects[3].nodeNumber: object "puck" (MassPoint2D), parameter nodeNumber: node "groundNode" ' +
      'is a PointGround; expected one of: Point2D',
  ],
  'duplicateNames.mbsproj': [
    'model.markers[1].name: marker "pivot" (BodyPosition): the name is already used by marker #0',
  ],
  'missingRequiredParameter.mbsproj': [
    'model.objects[1].nodeNumber: object "bob" (MassPoint), parameter nodeNumber: required',
  ],
  'vectorWrongLength.mbsproj': [
    'parameter referenceCoordinates: expected a vector of 3 numbers, got an array of length 2',
  ],
  'unknownSetting.mbsproj': [
    'simulationSettings.timeIntegration.numberOfStep: unknown setting "numberOfStep" (did you mean ' +
      '"numberOfSteps"?)',
  ],
  'endTimeNotAfterStartTime.mbsproj': [
    'simulationSettings.timeIntegration.endTime: expected endTime > startTime (1), got 1',
  ],
  'severalProblems.mbsproj': [
    'model.nodes[0].referenceCoordinates:',
    'model.objects[1].physicsMass: object "bob" (MassPoint), parameter physicsMass: expected a value >= ' +
      '0 kg, got -1',
    'model.loads[0].loadVectr:',
    'simulationSettings.solverType: expected one of',
  ],
}

const cases = Object.entries(EXPECTED)

describe('broken project files', () => {
  it('the table covers every fixture', async () => {
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(path.join(REPO_ROOT, BAD)).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(cases)('parseProject refuses %s with the expected messages', (file, fragments) => {
    const r = parseProject(readFileSync(path.join(REPO_ROOT, BAD, file), 'utf8'))
    expect(r.ok).toBe(false)
    if (r.ok) return
    const lines = r.problems.map((p) => `${p.path}: ${p.message}`)
    for (const f of fragments)
      expect(
        lines.some((l) => l.includes(f)),
        `"${f}" in\n${lines.join('\n')}`,
      ).toBe(true)
    // Every problem is reported, not only the first.
    if (file === 'severalProblems.mbsproj') expect(r.problems).toHaveLength(4)
  })

  // The command itself for every fixture (in-process: the same argument parsing, file reading and
  // output as the bin), and the real bin process for a few (each spawn costs ~0.5 s of tsx start-up).
  it.each(cases)('mbs validate %s exits 1 and prints the problems', (file, fragments) => {
    const out: string[] = [],
      err: string[] = []
    const code = main(['validate', path.join(REPO_ROOT, BAD, file)], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    })
    expect(code).toBe(1)
    const stdout = out.join('\n')
    for (const f of fragments) expect(stdout).toContain(f)
    expect(err.join('\n').trim()).toMatch(new RegExp(`${file.replace('.', '\\.')}: \\d+ problems?$`))
  })

  const spawned = ['truncated.mbsproj', 'danglingReferenceByName.mbsproj', 'severalProblems.mbsproj']
  const outcomes = mapConcurrently(spawned, 3, (file) => spawnCli(['validate', path.join(BAD, file)]))

  it.each(spawned.map((file, i) => [file, i] as const))(
    'the real bin: mbs validate %s exits 1 with the problems',
    async (file, i) => {
      const { code, stdout, stderr } = (await outcomes)[i]
      expect(code).toBe(1)
      for (const f of EXPECTED[file]) expect(stdout).toContain(f)
      expect(stderr.trim()).toMatch(new RegExp(`${file.replace('.', '\\.')}: \\d+ problems?$`))
    },
  )

  it('mbs run exits 2 with a one-line reason followed by the problems', async () => {
    const { code, stdout, stderr } = await spawnCli(['run', path.join(BAD, 'severalProblems.mbsproj')])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines[0]).toBe(
      `mbs run: "${path.join(BAD, 'severalProblems.mbsproj')}" is not a valid project (4 problems)`,
    )
    expect(lines.slice(1)).toHaveLength(4)
  })
})
