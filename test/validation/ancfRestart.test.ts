// Exact restart (the checkpoint issue's test) for a flexible model: an ANCF cable pendulum with a
// prescribed, time-driven support. A run 0..T and a run saved at T/2, loaded into a fresh system and
// continued give bit-identical sensor rows and final state. Tolerance: none (bit for bit).
import { describe, expect, it } from 'vitest'
import { straightCable } from './ancfCableModels'
import type { Json } from './helpers'
import { splitRunMatches } from './restartModels'

function drivenCablePendulum(): Json {
  const model = straightCable({
    p0: [0, 0],
    p1: [1, 0],
    elements: 4,
    cable: {
      physicsMassPerLength: 2,
      physicsBendingStiffness: 5,
      physicsAxialStiffness: 2e3,
      physicsBendingDamping: 0.01,
    },
    fixedConstraintsNode0: [0, 1, 0, 0],
    massProportionalLoad: [0, -9.81],
  })
  // The support's x-coordinate follows a time function (a drive), so restarts must reproduce it too.
  model.markers.push({ type: 'NodeCoordinate', name: 'n0x', nodeNumber: 'n0', coordinate: 0 })
  model.objects.push({
    type: 'ConnectorCoordinate',
    name: 'support',
    markerNumbers: ['groundCoordinate', 'n0x'],
    offsetUserFunction: '0.1*sin(4*t)',
  })
  return {
    ...model,
    sensors: [
      { type: 'Node', name: 'tip', nodeNumber: 'n4', outputVariableType: 'Position' },
      { type: 'Object', name: 'supportForce', objectNumber: 'support', outputVariableType: 'Force' },
    ],
  }
}

describe('exact restart with ANCF cables and a drive', () => {
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2'])
    it(`${solverType}: cable pendulum with a driven support`, () => {
      const { checkpointTime } = splitRunMatches(drivenCablePendulum(), {
        solverType,
        timeIntegration: { endTime: 0.4, numberOfSteps: 200, generalizedAlpha: { spectralRadius: 0.8 } },
        solutionSettings: { sensorsWritePeriod: 0.01 },
      })
      expect(checkpointTime).toBeGreaterThanOrEqual(0.2 - 1e-12)
    })
})
