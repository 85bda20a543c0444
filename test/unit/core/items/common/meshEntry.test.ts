// VgraphicsData "Mesh" entries: the core keeps the file reference and draws it at the body's pose.
// Reference: the pose by hand. A body turned a quarter turn about z (body x -> global y) holding an
// entry turned a quarter turn about x (entry y -> body z): the entry's y axis ends on global z, its z
// axis on body -y = global x, its x axis on global y. Tolerance 1e-12: a few products of O(1) numbers.
import { describe, expect, it } from 'vitest'
import { collectGraphics, formatProblems, loadProjectJson, meshReferences } from '../../../../../src/core'
import { buildSystem } from '../../../../../src/core/simulation'

const QUARTER_ABOUT_X = [
  [1, 0, 0],
  [0, 0, -1],
  [0, 1, 0],
]

function load(graphics: unknown[]) {
  return loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'meshes',
    model: {
      nodes: [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [1, 2, 3, 0, 0, Math.PI / 2] }],
      objects: [
        {
          type: 'RigidBody',
          name: 'link',
          physicsMass: 1,
          physicsInertia: [1, 1, 1, 0, 0, 0],
          nodeNumber: 'n',
          Vcolor: [0.2, 0.4, 0.6, 1],
          VgraphicsData: graphics,
        },
      ],
    },
    simulationSettings: {},
  })
}

describe('Mesh graphics entries', () => {
  it('draw the file at the body pose composed with the entry pose, with the scale and item colour', () => {
    const r = load([
      {
        type: 'Mesh',
        file: 'meshes/arm.stl',
        scale: [2, 2, 0.5],
        position: [1, 0, 0],
        rotation: QUARTER_ABOUT_X,
      },
    ])
    if (!r.ok) throw new Error(formatProblems(r.problems))
    const [item] = collectGraphics(buildSystem(r.project)).filter((g) => g.item === 'object:0')
    expect(item.primitives).toHaveLength(1)
    const p = item.primitives[0]
    if (p.shape !== 'meshFile') throw new Error(`expected a meshFile, got ${p.shape}`)
    expect(p.file).toBe('meshes/arm.stl')
    expect(p.data).toBeUndefined()
    expect(p.scale).toEqual([2, 2, 0.5])
    expect(p.color).toEqual([0.2, 0.4, 0.6, 1])
    // body origin (1, 2, 3) + Rz (1, 0, 0) = (1, 3, 3)
    ;[1, 3, 3].forEach((x, i) => expect(p.position[i]).toBeCloseTo(x, 12))
    // columns: entry x -> global y, entry y -> global z, entry z -> global x
    const expected = [0, 0, 1, 1, 0, 0, 0, 1, 0]
    expected.forEach((x, i) => expect(p.rotation[i]).toBeCloseTo(x, 12))
    expect(meshReferences(r.project.model)).toEqual([
      {
        path: 'model.objects[0].VgraphicsData',
        item: 'link',
        entry: 0,
        file: 'meshes/arm.stl',
        embedded: false,
      },
    ])
  })

  it('an embedded copy travels with the primitive and is not a file reference to check', () => {
    const r = load([{ type: 'Mesh', file: 'part.glb', data: 'Z2xURg==' }])
    if (!r.ok) throw new Error(formatProblems(r.problems))
    const [item] = collectGraphics(buildSystem(r.project)).filter((g) => g.item === 'object:0')
    const p = item.primitives[0]
    if (p.shape !== 'meshFile') throw new Error(`expected a meshFile, got ${p.shape}`)
    expect(p.data).toBe('Z2xURg==')
    expect(p.scale).toEqual([1, 1, 1])
    expect(meshReferences(r.project.model)[0].embedded).toBe(true)
  })

  const refused: [string, unknown, RegExp][] = [
    ['no file', {}, /entry 0: Mesh "file" must be the mesh file's path/],
    ['an unknown format', { file: 'part.step' }, /expected a \.stl, \.obj, \.gltf, \.glb file/],
    [
      'data that is not base64',
      { file: 'a.stl', data: 'not base64!' },
      /"data" must be the file's bytes in base64/,
    ],
    // One file, one text: the padding is part of canonical base64, a line break is not.
    ['base64 without its padding', { file: 'a.glb', data: 'Z2xURg' }, /"data" must be .* padded/],
    ['base64 with a line break', { file: 'a.glb', data: 'Z2xU\nRg==' }, /"data" must be .* no line breaks/],
    ['a scale of 2 numbers', { file: 'a.stl', scale: [1, 2] }, /"scale" must be 3 numbers/],
    ['a zero scale', { file: 'a.stl', scale: [1, 0, 1] }, /"scale" factors must not be 0/],
    [
      'a scaled rotation',
      {
        file: 'a.stl',
        rotation: [
          [2, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      /orthonormal rows/,
    ],
    [
      'a reflection',
      {
        file: 'a.stl',
        rotation: [
          [-1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      /not a reflection/,
    ],
  ]
  for (const [what, entry, message] of refused)
    it(`refuses ${what}, naming the item and the parameter`, () => {
      const r = load([{ type: 'Mesh', ...(entry as object) }])
      expect(r.ok).toBe(false)
      if (!r.ok)
        expect(formatProblems(r.problems)).toMatch(new RegExp(`link.*VgraphicsData.*${message.source}`, 's'))
    })
})
