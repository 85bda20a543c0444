// Exudyn parity of the undamped modes: the same project built item for item in Exudyn 1.11
// (../shared/peers/exudyn, README there; its ComputeODE2Eigenvalues needs python3-scipy) and in
// MBS Studio, linearized at the initial state; the elastic frequencies compared (rigid-body modes,
// zero in both, have no relative difference). Exudyn eliminates constraints by the SVD null space of
// C_q as we do; it does not linearize the reactions lambda g_qq, so the models carry no loaded
// constraint.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  formatProblems,
  linearize,
  loadProjectJson,
  modalAnalysis,
  systemAt,
  type JsonObject,
  type Project,
} from '../src/core'
import { exudynPeerDir } from './exudynPeer'
import { springLattice } from './models'
import { ancfCantilever, freeSpringChain, springSupportedBody } from './modesModels'
import type { BenchResult } from './run'

/** The brief's parity bound, relative. */
const PARITY = 1e-8

// Builds PROJECT's model in Exudyn (references by name mapped to indices, as run_project.py does) and
// prints one JSON line at the initial state: the eigenvalues omega^2 of ComputeODE2Eigenvalues, or
// with 'matrices' the M, K, D of ComputeLinearizedSystem (Exudyn's K and D: minus the Jacobians of
// its right-hand side, our d f_lhs / dq and d f_lhs / dq').
const RUNNER = `
import json, sys
import exudyn as exu
import exudyn.itemInterface as eii
proj = json.load(open(sys.argv[1]))
model = proj['model']
kinds = [('nodes', 'Node'), ('objects', 'Object'), ('markers', 'Marker'), ('loads', 'Load')]
refs = {'nodeNumber': 'nodes', 'nodeNumbers': 'nodes', 'bodyNumber': 'objects', 'objectNumber': 'objects',
        'markerNumber': 'markers', 'markerNumbers': 'markers', 'loadNumber': 'loads'}
index = {k: {it['name']: i for i, it in enumerate(model.get(k, []))} for k, _ in kinds}
SC = exu.SystemContainer()
mbs = SC.AddSystem()
add = {'nodes': mbs.AddNode, 'objects': mbs.AddObject, 'markers': mbs.AddMarker, 'loads': mbs.AddLoad}
for kind, word in kinds:
    for it in model.get(kind, []):
        d = {}
        for k, v in it.items():
            if k == 'type': continue
            if k in refs:
                tab = index[refs[k]]
                d[k] = [tab[x] for x in v] if isinstance(v, list) else tab[v]
            else: d[k] = v
        cls = getattr(eii, word + it['type'], None) or getattr(eii, it['type'])  # Node1D is Node1D there too
        add[kind](cls(**d))
mbs.Assemble()
if sys.argv[2] == 'matrices':
    M, K, D = mbs.ComputeLinearizedSystem()
    print(json.dumps({'M': M.tolist(), 'K': K.tolist(), 'D': D.tolist()}))
else:
    values, _ = mbs.ComputeODE2Eigenvalues(useAbsoluteValues=False)
    print(json.dumps([float(v) for v in values]))
`

interface ParityModel {
  name: string
  model: JsonObject
}

const MODELS: ParityModel[] = [
  { name: 'free-free spring chain, 10 uneven Mass1D', model: freeSpringChain(10) },
  { name: 'ANCFCable2D cantilever, 8 elements (3 coordinate constraints)', model: ancfCantilever(8) },
  { name: 'spring lattice 4 x 4 (MassPoint2D, ConnectorSpringDamper)', model: springLattice(4, 1).model },
  { name: 'RigidBodyEP on six springs (Euler-parameter constraint)', model: springSupportedBody() },
]

function project(model: JsonObject): Project {
  const r = loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'parity',
    model,
    simulationSettings: {},
  })
  if (!r.ok) throw new Error(formatProblems(r.problems))
  return r.project
}

function ourFrequencies(model: JsonObject): number[] {
  return modalAnalysis(project(model), 'initial')
    .modes.filter((m) => !m.rigidBody)
    .map((m) => m.frequency)
}

/**
 * The spring lattice with its springs pre-stretched (reference length 0.9 of the spacing): geometric
 * stiffness.
 */
function stretchedLattice(): JsonObject {
  const { model } = springLattice(4, 1)
  const objects = (model.objects as JsonObject[]).map((o) =>
    o.type === 'ConnectorSpringDamper' ? { ...o, referenceLength: 0.9 } : o,
  )
  return { ...model, objects }
}

/** max |ours - Exudyn's| / max |Exudyn's| for each of M, K, D of the linearized lattice. */
function matrixParity(peer: string, file: string): BenchResult {
  const model = stretchedLattice()
  fs.writeFileSync(file, JSON.stringify({ model }))
  const out = execFileSync(path.join(peer, 'python'), ['-c', RUNNER, file, 'matrices'], { encoding: 'utf-8' })
  const theirs = JSON.parse(out.trim().split('\n').at(-1)!) as Record<'M' | 'K' | 'D', number[][]>
  const p = project(model)
  const ours = linearize(systemAt(p, 'initial'), p.settings.staticSolver.newton.numericalDifferentiation)
  const relative = (['M', 'K', 'D'] as const).map((name) => {
    let diff = 0,
      size = 0
    theirs[name].forEach((row, i) =>
      row.forEach((v, j) => {
        diff = Math.max(diff, Math.abs(ours[name].get(i, j) - v))
        size = Math.max(size, Math.abs(v))
      }),
    )
    return diff / size
  })
  return {
    name:
      'Exudyn parity, pre-stretched spring lattice 4 x 4: ComputeLinearizedSystem M, K, D, largest ' +
      'difference / largest entry',
    value: Math.max(...relative),
    unit: '',
    extra:
      `M ${relative[0].toExponential(1)}, K ${relative[1].toExponential(1)}, D ` +
      `${relative[2].toExponential(1)}`,
  }
}

export default function modesExudynBench(): BenchResult[] {
  const peer = exudynPeerDir()
  if (!peer)
    return [
      { name: 'Exudyn parity of modes: no Exudyn build at ../shared/peers/exudyn', value: NaN, unit: '' },
    ]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-modes-parity-'))
  const rows = MODELS.map(({ name, model }): BenchResult => {
    const file = path.join(dir, 'model.mbsproj')
    fs.writeFileSync(file, JSON.stringify({ model }))
    const out = execFileSync(path.join(peer, 'python'), ['-c', RUNNER, file, 'eigenvalues'], {
      encoding: 'utf-8',
    })
    const omega2 = JSON.parse(out.trim().split('\n').at(-1)!) as number[]
    const ours = ourFrequencies(model)
    // Exudyn's rigid-body eigenvalues are round-off around 0: keep its largest ours.length ones.
    const theirs = omega2.slice(omega2.length - ours.length).map((w2) => Math.sqrt(w2) / (2 * Math.PI))
    const worst = Math.max(...ours.map((f, i) => Math.abs(f / theirs[i] - 1)))
    return {
      name: `Exudyn parity, ${name}: largest relative frequency difference`,
      value: worst,
      unit: '',
      extra:
        `${ours.length} elastic modes, ${ours[0].toPrecision(8)} .. ${ours.at(-1)!.toPrecision(8)} Hz; ` +
        `bound ${PARITY}: ${worst <= PARITY ? 'met' : 'NOT met'}`,
    }
  })
  return [...rows, matrixParity(peer, path.join(dir, 'lattice.mbsproj'))]
}
