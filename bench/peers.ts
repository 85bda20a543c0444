// The same sphere chain (bench/models.ts CHAIN) in two game physics engines, run in this process so
// the comparison is a ratio measured side by side: Havok (@babylonjs/havok, its raw HP_* API, the
// engine under Babylon.js) and Rapier (@dimforge/rapier3d-compat). Both are WebAssembly. Bodies carry
// mass and sphere inertia but no collision shape (the chain never touches itself in 1 s, and our model
// has no contact either), joints are ball-and-socket at the same anchors, gravity -y, fixed 1 ms steps.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import type { RigidBody } from '@dimforge/rapier3d-compat'
import { CHAIN } from './models'

export interface PeerResult {
  engine: string
  setting: string
  wallSeconds: number
  cpuSeconds: number
  steps: number
  /** Final position of the last body's centre. */
  last: [number, number, number]
}

const timed = (
  engine: string,
  setting: string,
  steps: number,
  body: () => [number, number, number],
): PeerResult => {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const last = body()
  const cpu = process.cpuUsage(cpu0)
  return {
    engine,
    setting,
    wallSeconds: (performance.now() - t0) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    steps,
    last,
  }
}

const centre = (k: number): number => CHAIN.link * k - CHAIN.link / 2

/** Rapier: impulse-based ball joints; `iterations` is numSolverIterations (default 4 in 0.21). */
export async function rapierChain(
  n: number,
  h: number,
  steps: number,
  iterations?: number,
): Promise<PeerResult> {
  const RAPIER = (await import('@dimforge/rapier3d-compat')).default
  await RAPIER.init()
  const world = new RAPIER.World({ x: 0, y: -CHAIN.gravity, z: 0 })
  world.timestep = h
  if (iterations !== undefined) world.integrationParameters.numSolverIterations = iterations
  const inertia = 0.4 * CHAIN.mass * CHAIN.radius ** 2
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed())
  const bodies: RigidBody[] = []
  let previous = ground
  for (let k = 1; k <= n; k++) {
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(centre(k), 0, 0)
      .setAdditionalMassProperties(
        CHAIN.mass,
        { x: 0, y: 0, z: 0 },
        { x: inertia, y: inertia, z: inertia },
        { w: 1, x: 0, y: 0, z: 0 },
      )
    const body = world.createRigidBody(desc)
    const anchorPrevious = k === 1 ? { x: 0, y: 0, z: 0 } : { x: CHAIN.link / 2, y: 0, z: 0 }
    world.createImpulseJoint(
      RAPIER.JointData.spherical(anchorPrevious, { x: -CHAIN.link / 2, y: 0, z: 0 }),
      previous,
      body,
      true,
    )
    bodies.push(body)
    previous = body
  }
  const setting = iterations === undefined ? 'default' : `${iterations} solver iterations`
  const result = timed('Rapier 0.21', setting, steps, () => {
    for (let i = 0; i < steps; i++) world.step()
    const p = bodies[n - 1].translation()
    return [p.x, p.y, p.z]
  })
  world.free()
  return result
}

/** Havok through its raw API (what Babylon's HavokPlugin calls); `substeps` > 1 splits each 1 ms step. */
export async function havokChain(n: number, h: number, steps: number, substeps = 1): Promise<PeerResult> {
  const require = createRequire(__filename)
  const wasmPath = require.resolve('@babylonjs/havok/lib/umd/HavokPhysics.wasm')
  const HavokPhysics = (await import('@babylonjs/havok')).default
  // In Node the module would fetch() its .wasm by URL; hand it the bytes from node_modules instead.
  const bytes = readFileSync(wasmPath)
  const HK = await HavokPhysics({
    wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  })
  const [, world] = HK.HP_World_Create()
  HK.HP_World_SetGravity(world, [0, -CHAIN.gravity, 0])
  HK.HP_World_SetIdealStepTime(world, h / substeps)
  const inertia = 0.4 * CHAIN.radius ** 2
  const identity: [number, number, number, number] = [0, 0, 0, 1]
  const makeBody = (x: number, dynamic: boolean): bigint => {
    const [, body] = HK.HP_Body_Create()
    HK.HP_Body_SetQTransform(body, [[x, 0, 0], identity])
    HK.HP_Body_SetMotionType(body, dynamic ? HK.MotionType.DYNAMIC : HK.MotionType.STATIC)
    if (dynamic)
      HK.HP_Body_SetMassProperties(body, [[0, 0, 0], CHAIN.mass, [inertia, inertia, inertia], identity])
    // Small substeps move a body little per step, and Havok then puts it to sleep: keep all awake.
    HK.HP_Body_SetActivationControl(body, HK.ActivationControl.ALWAYS_ACTIVE)
    HK.HP_World_AddBody(world, body, false)
    return body as unknown as bigint
  }
  const ground = makeBody(0, false)
  const bodies: bigint[] = []
  let previous = ground
  for (let k = 1; k <= n; k++) {
    const body = makeBody(centre(k), true)
    const [, joint] = HK.HP_Constraint_Create()
    HK.HP_Constraint_SetParentBody(joint, previous as never)
    HK.HP_Constraint_SetChildBody(joint, body as never)
    HK.HP_Constraint_SetAnchorInParent(joint, [k === 1 ? 0 : CHAIN.link / 2, 0, 0], [1, 0, 0], [0, 1, 0])
    HK.HP_Constraint_SetAnchorInChild(joint, [-CHAIN.link / 2, 0, 0], [1, 0, 0], [0, 1, 0])
    for (const axis of [HK.ConstraintAxis.LINEAR_X, HK.ConstraintAxis.LINEAR_Y, HK.ConstraintAxis.LINEAR_Z])
      HK.HP_Constraint_SetAxisMode(joint, axis, HK.ConstraintAxisLimitMode.LOCKED)
    HK.HP_Constraint_SetEnabled(joint, 1)
    bodies.push(body)
    previous = body
  }
  const setting = substeps === 1 ? 'default' : `${substeps} substeps per ms`
  return timed('Havok 1.3', setting, steps, () => {
    for (let i = 0; i < steps * substeps; i++) HK.HP_World_Step(world, h / substeps)
    const [, [p]] = HK.HP_Body_GetQTransform(bodies[n - 1] as never)
    return [p[0], p[1], p[2]]
  })
}
