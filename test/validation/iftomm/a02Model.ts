// IFToMM benchmark A02 (A Coruna MBS benchmark library): an assembly of N four-bar windows, N + 1
// cranks pinned to the ground 1 m apart and N couplers joining their tips, 2N + 1 uniform links of
// 1 m and 1 kg, gravity -y; released with the cranks at 45 deg and the tip B0 of the first crank moving
// at 1 m/s along +x. At the horizontal pose the mechanism is singular (N + 1 instantaneous degrees of
// freedom instead of 1). Planar: RigidBody2D links on JointRevolute2D pins.
// The exact motion keeps every window a parallelogram, so it has one coordinate, the crank angle
// theta from +x, and Lagrange's equation with T = ((N + 1)/3 + N) m L^2 theta'^2 / 2 and
// V = ((N + 1)/2 + N) m g L sin(theta) gives theta'' = -c cos(theta), c = g ((N+1)/2 + N) / (L ((N+1)/3 +
// N)).
import { GRAVITY, rk4, type Json } from '../helpers'

export const A02 = { L: 1, m: 1, theta0: Math.PI / 4, b0Speed: 1 }

export function a02Model(N: number): Json {
  const { L, m, theta0 } = A02
  const c = Math.cos(theta0),
    s = Math.sin(theta0)
  const omega = -A02.b0Speed / (L * s)
  const J = (m * L * L) / 12
  const nodes: Json[] = []
  const objects: Json[] = [{ type: 'Ground', name: 'ground' }]
  const markers: Json[] = []
  const body = (name: string, x: number, y: number, angle: number, v: number[]): void => {
    nodes.push({
      type: 'RigidBody2D',
      name: `${name}Node`,
      referenceCoordinates: [x, y, angle],
      initialVelocities: v,
    })
    objects.push({ type: 'RigidBody2D', name, nodeNumber: `${name}Node`, physicsMass: m, physicsInertia: J })
    markers.push({ type: 'BodyRigid', name: `${name}Start`, bodyNumber: name, localPosition: [-L / 2, 0, 0] })
    markers.push({ type: 'BodyRigid', name: `${name}End`, bodyNumber: name, localPosition: [L / 2, 0, 0] })
    markers.push({ type: 'BodyMass', name: `${name}Mass`, bodyNumber: name })
  }
  const pin = (name: string, m0: string, m1: string): void => {
    objects.push({ type: 'JointRevolute2D', name, markerNumbers: [m0, m1] })
  }
  for (let i = 0; i <= N; i++) {
    body(`crank${i}`, i * L + (L / 2) * c, (L / 2) * s, theta0, [
      -(L / 2) * s * omega,
      (L / 2) * c * omega,
      omega,
    ])
    markers.push({ type: 'BodyRigid', name: `pivot${i}`, bodyNumber: 'ground', localPosition: [i * L, 0, 0] })
    pin(`groundPin${i}`, `pivot${i}`, `crank${i}Start`)
  }
  for (let i = 0; i < N; i++) {
    body(`coupler${i}`, (i + 0.5) * L + L * c, L * s, 0, [-L * s * omega, L * c * omega, 0])
    pin(`pinA${i}`, `crank${i}End`, `coupler${i}Start`)
    pin(`pinB${i}`, `crank${i + 1}End`, `coupler${i}End`)
  }
  const loads = objects
    .filter((o) => o.type === 'RigidBody2D')
    .map((o) => ({
      type: 'MassProportional',
      name: `${o.name}Gravity`,
      markerNumber: `${o.name}Mass`,
      loadVector: [0, -GRAVITY, 0],
    }))
  // B0 = 2 x the centre of crank 0 (pinned at the origin); per body its kinetic energy and height.
  const sensors: Json[] = [
    { type: 'Node', name: 'crank0', nodeNumber: 'crank0Node', outputVariableType: 'Position' },
  ]
  for (const o of objects)
    if (o.type === 'RigidBody2D') {
      sensors.push({
        type: 'Object',
        name: `${o.name}T`,
        objectNumber: o.name,
        outputVariableType: 'KineticEnergy',
      })
      sensors.push({
        type: 'Node',
        name: `${o.name}P`,
        nodeNumber: o.nodeNumber,
        outputVariableType: 'Position',
      })
    }
  return { nodes, objects, markers, loads, sensors }
}

/** theta at the given ascending times (from 0) of the exact (parallelogram) motion, by rk4 at h <= 5e-5 s. */
export function a02Reference(N: number, times: number[]): number[] {
  const { L, theta0 } = A02
  const c = (GRAVITY * ((N + 1) / 2 + N)) / (L * ((N + 1) / 3 + N))
  let y = [theta0, -A02.b0Speed / (L * Math.sin(theta0))]
  let t = 0
  return times.map((ti) => {
    if (ti > t) y = rk4((_t, z) => [z[1], -c * Math.cos(z[0])], y, t, ti, Math.ceil((ti - t) / 5e-5))
    t = ti
    return y[0]
  })
}
