// A message with Float64Arrays as one binary WebSocket frame, so step frames and sensor rows cross
// the web host's socket at 8 bytes a number instead of as JSON text:
//   [u32 header length][header: JSON, each Float64Array replaced by {"$f64": [offset, length]}]
//   [padding to 8][array data, little-endian float64, offsets relative to the data start]
const MARKER = '$f64'

type Marker = { [MARKER]: [number, number] }

export function encodeBinaryMessage(message: unknown): ArrayBuffer {
  const arrays: Float64Array[] = []
  let dataLength = 0
  const header = new TextEncoder().encode(
    JSON.stringify(message, (_key, value: unknown) => {
      if (!(value instanceof Float64Array)) return value
      arrays.push(value)
      const marker: Marker = { [MARKER]: [dataLength, value.length] }
      dataLength += value.byteLength
      return marker
    }),
  )
  const dataStart = align8(4 + header.length)
  const buffer = new ArrayBuffer(dataStart + dataLength)
  new DataView(buffer).setUint32(0, header.length, true)
  new Uint8Array(buffer, 4, header.length).set(header)
  let offset = dataStart
  for (const array of arrays) {
    new Float64Array(buffer, offset, array.length).set(array)
    offset += array.byteLength
  }
  return buffer
}

export function decodeBinaryMessage(buffer: ArrayBuffer): unknown {
  const headerLength = new DataView(buffer).getUint32(0, true)
  const header = new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))
  const dataStart = align8(4 + headerLength)
  return JSON.parse(header, (_key, value: unknown) => {
    if (!isMarker(value)) return value
    const [offset, length] = value[MARKER]
    return new Float64Array(buffer.slice(dataStart + offset, dataStart + offset + 8 * length))
  })
}

function align8(n: number): number {
  return (n + 7) & ~7
}

function isMarker(value: unknown): value is Marker {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[MARKER])
  )
}
