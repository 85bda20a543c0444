// Test model for live parameter changes (CompiledSystem.updateItems): two mass points hanging on
// spring-dampers under gravity, one pushed sideways, and the bytes of a run to compare bit for bit.
import {
  buildSystem,
  createSolver,
  parseProject,
  SensorRecorder,
  type CompiledSystem,
  type SimulationSettings,
} from '../../../../src/core'

/** Two mass points hanging on springs under gravity, pushed sideways by a force; 200 implicit steps. */
export function springsProject({ stiffness = 400, damping = 2, mass = 1, push = [2, 0, 0] } = {}): string {
  return JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name: 'springs',
    model: {
      nodes: [
        { type: 'Point', name: 'n1', referenceCoordinates: [0, -1, 0] },
        { type: 'Point', name: 'n2', referenceCoordinates: [0, -2, 0], initialVelocities: [0.5, 0, 0] },
      ],
      objects: [
        { type: 'Ground', name: 'ground' },
        { type: 'MassPoint', name: 'm1', physicsMass: mass, nodeNumber: 'n1' },
        { type: 'MassPoint', name: 'm2', physicsMass: 1, nodeNumber: 'n2' },
        {
          type: 'ConnectorSpringDamper',
          name: 'upper',
          markerNumbers: ['mGround', 'p1'],
          referenceLength: 1,
          stiffness,
          damping,
        },
        {
          type: 'ConnectorSpringDamper',
          name: 'lower',
          markerNumbers: ['p1', 'p2'],
          referenceLength: 1,
          stiffness: 300,
          damping: 1,
        },
      ],
      markers: [
        { type: 'BodyPosition', name: 'mGround', bodyNumber: 'ground', localPosition: [0, 0, 0] },
        { type: 'NodePosition', name: 'p1', nodeNumber: 'n1' },
        { type: 'NodePosition', name: 'p2', nodeNumber: 'n2' },
        { type: 'BodyMass', name: 'g1', bodyNumber: 'm1' },
        { type: 'BodyMass', name: 'g2', bodyNumber: 'm2' },
      ],
      loads: [
        { type: 'MassProportional', name: 'gravity1', markerNumber: 'g1', loadVector: [0, -9.81, 0] },
        { type: 'MassProportional', name: 'gravity2', markerNumber: 'g2', loadVector: [0, -9.81, 0] },
        { type: 'ForceVector', name: 'push', markerNumber: 'p2', loadVector: push },
      ],
      sensors: [{ type: 'Node', name: 'tip', nodeNumber: 'n2', outputVariableType: 'Position' }],
    },
    simulationSettings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 0.2, numberOfSteps: 200 },
      solutionSettings: { sensorsWritePeriod: 0.001 },
    },
  })
}

/** The sensor rows and the final coordinates of a run of `system`, as raw bytes. */
export function runBytes(system: CompiledSystem, settings: SimulationSettings): Buffer {
  system.state.t = settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, settings.solutionSettings.sensorsWritePeriod)
  createSolver(system, settings, { recorder }).solve()
  const rows = recorder.series[0].data.subarray(0, recorder.series[0].rows * 4)
  return Buffer.concat(
    [rows, system.state.q, system.state.v].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
  )
}

/** runBytes of the project built from its text. */
export function fromScratch(text: string): Buffer {
  const loaded = parseProject(text)
  if (!loaded.ok) throw new Error(loaded.problems[0].message)
  return runBytes(buildSystem(loaded.project), loaded.project.settings)
}
