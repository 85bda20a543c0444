// A plot as a PNG of a chosen size, independent of the window: the plot is drawn again off screen
// with the same options at that size, on the app's background, with a legend of its series (uPlot's
// own legend is HTML, not part of its canvas).
import uPlot from 'uplot'

export interface LegendEntry {
  label: string
  color: string
}

const BACKGROUND = '#1e1f22'
const TEXT = '#d4d7dc'

/** Series names with their line colours, at the top right inside the plot area (canvas pixels). */
function drawLegend(ctx: CanvasRenderingContext2D, entries: readonly LegendEntry[], area: uPlot.BBox): void {
  const size = Math.max(12, Math.round(area.height / 40)),
    line = 1.5 * size
  ctx.font = `${size}px sans-serif`
  const width = Math.max(...entries.map((e) => ctx.measureText(e.label).width)) + 3 * size
  const left = area.left + area.width - width - size,
    top = area.top + size / 2
  ctx.fillStyle = 'rgba(30, 31, 34, 0.8)'
  ctx.fillRect(left - size / 2, top, width + size, line * entries.length + size / 2)
  entries.forEach((e, i) => {
    const y = top + size / 2 + line * i + line / 2
    ctx.fillStyle = e.color
    ctx.fillRect(left, y - 1.5, 1.5 * size, 3)
    ctx.fillStyle = TEXT
    ctx.textBaseline = 'middle'
    ctx.fillText(e.label, left + 2 * size, y)
  })
}

/** A data: URL of the plot as a width x height PNG. */
export async function plotImage(
  options: uPlot.Options,
  data: uPlot.AlignedData,
  width: number,
  height: number,
  legend: readonly LegendEntry[],
): Promise<string> {
  // uPlot draws at devicePixelRatio: a plot of width / ratio CSS pixels fills width canvas pixels.
  const ratio = devicePixelRatio
  const holder = document.createElement('div')
  holder.style.cssText = 'position: fixed; left: -100000px; top: 0'
  document.body.appendChild(holder)
  let plot: uPlot | undefined
  try {
    await new Promise<void>((resolve) => {
      plot = new uPlot(
        {
          ...options,
          width: width / ratio,
          height: height / ratio,
          legend: { show: false },
          cursor: { show: false },
          hooks: { draw: [() => resolve()] },
        },
        data,
        holder,
      )
    })
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const ctx = canvas.getContext('2d')!
    ctx.fillStyle = BACKGROUND
    ctx.fillRect(0, 0, width, height)
    ctx.drawImage(plot!.ctx.canvas, 0, 0, width, height)
    if (legend.length > 0) drawLegend(ctx, legend, plot!.bbox)
    return canvas.toDataURL('image/png')
  } finally {
    plot?.destroy()
    holder.remove()
  }
}
