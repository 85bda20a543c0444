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

const project = (model: object) =>
  loadProjectJson({ format: 'mbs-studio-project', version: 1, name: 'meshes', model, simulationSettings: {} })

function load(graphics: unknown[]) {
  return project({
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

// A KinematicTree's VgraphicsDataList (Exudyn's graphicsDataList): per link a list of entries in the
// link frame. Reference by hand: one RevoluteZ link at its joint (0, 0, 1) turned a quarter turn
// (theta = pi/2): link x -> global y; an entry at link (1, 0, 0) is drawn at global (0, 1, 1).
const IDENTITY = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

function tree(lists: unknown[]) {
  return project({
    nodes: [
      {
        type: 'GenericODE2',
        name: 'q',
        numberOfODE2Coordinates: 1,
        referenceCoordinates: [0],
        initialCoordinates: [Math.PI / 2],
      },
    ],
    objects: [
      {
        type: 'KinematicTree',
        name: 'arm',
        nodeNumber: 'q',
        jointTypes: ['RevoluteZ'],
        linkParents: [-1],
        jointTransformations: [IDENTITY],
        jointOffsets: [[0, 0, 1]],
        linkInertiasCOM: [IDENTITY.map((row) => row.map((x) => 0.1 * x))],
        linkCOMs: [[0.5, 0, 0]],
        linkMasses: [1],
        VgraphicsDataList: lists,
      },
    ],
  })
}

describe('KinematicTree VgraphicsDataList', () => {
  it("draws each link's entries at the link frame, files listed as references", () => {
    const r = tree([[{ type: 'Mesh', file: 'link.glb', position: [1, 0, 0] }]])
    if (!r.ok) throw new Error(formatProblems(r.problems))
    const primitives = collectGraphics(buildSystem(r.project)).flatMap((g) => g.primitives)
    // The entries replace the rods and spheres.
    expect(primitives.map((p) => p.shape)).toEqual(['meshFile'])
    const p = primitives[0]
    if (p.shape !== 'meshFile') throw new Error(`expected a meshFile, got ${p.shape}`)
    ;[0, 1, 1].forEach((x, i) => expect(p.position[i]).toBeCloseTo(x, 12))
    ;[0, -1, 0, 1, 0, 0, 0, 0, 1].forEach((x, i) => expect(p.rotation[i]).toBeCloseTo(x, 12))
    expect(meshReferences(r.project.model)).toEqual([
      {
        path: 'model.objects[0].VgraphicsDataList[0]',
        item: 'arm',
        entry: 0,
        file: 'link.glb',
        embedded: false,
      },
    ])
  })

  it('refuses a list per link of another length and a bad entry, naming the link', () => {
    const twice = tree([[], []])
    expect(twice.ok).toBe(false)
    if (!twice.ok)
      expect(formatProblems(twice.problems)).toMatch(
        /VgraphicsDataList.*expected 1 entries \(one per link, as jointTypes\) or \[\] for none, got 2/s,
      )
    const bad = tree([[{ type: 'Mesh', file: 'link.step' }]])
    expect(bad.ok).toBe(false)
    if (!bad.ok)
      expect(formatProblems(bad.problems)).toMatch(/VgraphicsDataList.*link 0: entry 0: .*\.stl, \.obj/s)
    const notLists = tree([{ type: 'Sphere', radius: 1 }])
    expect(notLists.ok).toBe(false)
    if (!notLists.ok)
      expect(formatProblems(notLists.problems)).toMatch(/VgraphicsDataList.*link 0: expected a list/s)
  })
})
