// The simulation time drawn onto a video frame: "t = 1.250 s" in the lower left corner, white on a
// dark box, its size a fraction of the frame height so it reads alike at any resolution.
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/** Text height as a fraction of the frame height (about 22 px at 720 p). */
const TEXT_HEIGHT = 0.03

export const timeLabelText = (time: number): string => `t = ${time.toFixed(3)} s`

export function drawTimeLabel(context: Context2D, time: number, frameHeight: number): void {
  const size = Math.max(10, Math.round(TEXT_HEIGHT * frameHeight))
  const pad = Math.round(size / 2)
  const text = timeLabelText(time)
  context.font = `${size}px monospace`
  context.textBaseline = 'bottom'
  const width = context.measureText(text).width
  context.fillStyle = 'rgba(0, 0, 0, 0.6)'
  context.fillRect(pad, frameHeight - 2 * pad - size, width + pad, size + pad)
  context.fillStyle = '#ffffff'
  context.fillText(text, pad * 1.5, frameHeight - 1.5 * pad)
}
