// What a sensor's values are, for axis labels: the quantity and SI unit of its output variable type
// ("Position [m]", "Energy [J]"). Outputs whose unit depends on the item (node coordinates: m or rad)
// get the quantity alone.
import type { ItemSpec } from '../../core'

export interface Quantity {
  name: string
  /** SI unit as written on an axis; '' when it depends on the item. */
  unit: string
}

const q = (name: string, unit = ''): Quantity => ({ name, unit })

const OUTPUT_QUANTITIES: Record<string, Quantity> = {
  Position: q('Position', 'm'),
  Displacement: q('Displacement', 'm'),
  DisplacementLocal: q('Displacement', 'm'),
  Distance: q('Distance', 'm'),
  SlidingCoordinate: q('Sliding coordinate', 'm'),
  Velocity: q('Velocity', 'm/s'),
  VelocityLocal: q('Velocity', 'm/s'),
  Acceleration: q('Acceleration', 'm/s^2'),
  Rotation: q('Rotation', 'rad'),
  RotationMatrix: q('Rotation matrix'),
  AngularVelocity: q('Angular velocity', 'rad/s'),
  AngularVelocityLocal: q('Angular velocity', 'rad/s'),
  Coordinates: q('Coordinates'),
  Coordinates_t: q('Coordinate rates'),
  Coordinates_tt: q('Coordinate accelerations'),
  Force: q('Force', 'N'),
  ForceLocal: q('Force', 'N'),
  Torque: q('Torque', 'N m'),
  TorqueLocal: q('Torque', 'N m'),
  KineticEnergy: q('Energy', 'J'),
  PotentialEnergy: q('Energy', 'J'),
  TotalEnergy: q('Energy', 'J'),
}

/** A load sensor records its load, whatever its outputVariableType says. */
const LOAD_QUANTITIES: Record<string, Quantity> = {
  ForceVector: q('Force', 'N'),
  MassProportional: q('Force', 'N'),
  TorqueVector: q('Torque', 'N m'),
  Coordinate: q('Load'),
}

/** The quantity a sensor records; loads are looked up in the model's list of loads. */
export function sensorQuantity(sensor: ItemSpec, loads: readonly ItemSpec[]): Quantity {
  if (sensor.type === 'Load') {
    const ref = sensor.loadNumber
    const load = typeof ref === 'number' ? loads[ref] : loads.find((l) => l.name === ref)
    return (load && LOAD_QUANTITIES[load.type]) ?? q('Load')
  }
  return OUTPUT_QUANTITIES[sensor.outputVariableType as string] ?? q('Value')
}

/** "Energy [J]", or the name alone without a unit. */
const quantityLabel = (x: Quantity): string => (x.unit ? `${x.name} [${x.unit}]` : x.name)

/** One axis label for several series: their distinct quantities, in order, joined by ", ". */
export function axisLabel(quantities: readonly Quantity[]): string {
  return [...new Set(quantities.map(quantityLabel))].join(', ')
}
