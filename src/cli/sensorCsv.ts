// Sensor CSV files of `mbs run --sensors-dir`: '#' comment lines (sensor, type, output variable,
// columns), then one row per output time, t,v0,v1,... Numbers are printed so that they parse back
// to the identical double.
import path from 'node:path'
import type { Project, SensorSeries } from '../core'
import { CliError, EXIT } from './errors'

/** JavaScript's shortest round-trip number text, except that -0 keeps its sign ("-0", not "0"). */
export function formatCsvNumber(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x)
}

export interface SensorFile {
  /** Index of the sensor in the model (and in the recorder's series). */
  sensorIndex: number
  fileName: string
}

/**
 * The CSV file of every sensor with writeToFile, checked before the run: a fileName must be a plain
 * file name (files stay inside the sensors directory) and no two sensors may share a file.
 */
export function plannedSensorFiles(project: Project): SensorFile[] {
  const files: SensorFile[] = []
  const owner = new Map<string, string>()
  for (const [i, item] of project.resolved.items.sensor.entries()) {
    if (!item.params.bool('writeToFile')) continue
    const given = item.params.string('fileName')
    const fileName = given === '' ? `${item.name}.csv` : given
    const where = `sensor "${item.name}" (${item.type}), parameter fileName`
    if (
      fileName !== path.basename(fileName) ||
      fileName === '.' ||
      fileName === '..' ||
      fileName.includes('\\')
    )
      throw new CliError(
        EXIT.runInvalidProject,
        `${where}: expected a file name inside the sensors directory, got "${fileName}"`,
      )
    const other = owner.get(fileName.toLowerCase())
    if (other !== undefined)
      throw new CliError(
        EXIT.runInvalidProject,
        `${where}: "${fileName}" is also the file of sensor "${other}"; give each sensor its own fileName`,
      )
    owner.set(fileName.toLowerCase(), item.name)
    files.push({ sensorIndex: i, fileName })
  }
  return files
}

export function sensorCsvText(project: Project, sensorIndex: number, series: SensorSeries): string {
  const item = project.resolved.item('sensor', sensorIndex)
  const columns = [
    't',
    ...Array.from({ length: series.size }, (_, k) => `${series.outputVariableType}[${k}]`),
  ]
  const lines = [
    `# sensor: ${item.name}`,
    `# type: ${item.type}`,
    `# outputVariableType: ${series.outputVariableType}`,
    `# columns: ${columns.join(',')}`,
  ]
  const width = series.size + 1
  for (let r = 0; r < series.rows; r++) {
    const row = series.data.subarray(r * width, (r + 1) * width)
    lines.push(Array.from(row, formatCsvNumber).join(','))
  }
  return lines.join('\n') + '\n'
}
