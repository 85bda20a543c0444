// The Gravity create action proposes the model's own gravity direction: a Z-up model must not get a
// sideways pull by default; a model without gravity gets Exudyn's habit, -Y.
import { describe, expect, it } from 'vitest'
import '../../../../src/core'
import { CREATE_ACTIONS } from '../../../../src/renderer/model/createActions'
import { emptyProjectSpec, type ProjectSpec } from '../../../../src/renderer/model/projectSpec'

const gravity = CREATE_ACTIONS.find((a) => a.id === 'gravity')!

function withLoad(loadVector: number[]): ProjectSpec {
  const spec = emptyProjectSpec()
  spec.model.loads.push({ type: 'MassProportional', name: 'w', markerNumber: 'm', loadVector })
  return spec
}

const proposed = (spec: ProjectSpec): unknown => (gravity.form(spec, []).g as { default: unknown }).default

describe('Gravity create action', () => {
  it('proposes -Y on a model without gravity', () => {
    expect(proposed(emptyProjectSpec())).toEqual([0, -9.81, 0])
  })

  it('proposes the direction of the gravity the model already has', () => {
    expect(proposed(withLoad([0, 0, -9.81]))).toEqual([0, 0, -9.81])
    // Exudyn's perf3DRigidBodies pulls along +Z.
    expect(proposed(withLoad([0, 0, 9.81]))).toEqual([0, 0, 9.81])
    expect(proposed(withLoad([0, -3, 0]))).toEqual([0, -9.81, 0])
  })
})
