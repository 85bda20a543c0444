// A video of a replay, frame by frame: each frame is rendered at its time t_k (videoSettings.ts),
// composited with the optional time label and encoded through WebCodecs by mediabunny's CanvasSource
// into an MP4 or WebM file written on the host (hostFile.ts). Cancelled or failed: the staged file is
// dropped, nothing appears at the path.
import {
  CanvasSource,
  canEncodeVideo,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  StreamTarget,
  WebMOutputFormat,
  type VideoCodec,
} from 'mediabunny'
import { startHostFile } from './hostFile'
import {
  CODEC_LABELS,
  CONTAINER_CODECS,
  CONTAINER_LABELS,
  frameCount,
  frameTime,
  type VideoSettings,
} from './videoSettings'
import { drawTimeLabel } from './timeLabel'

/** Host writes of at most this many bytes each (mediabunny gathers its output into them). */
const CHUNK_BYTES = 4 << 20

/** Renders the view at simulation time t and answers the canvas it drew into, and that frame's time. */
export type FrameRenderer = (t: number) => Promise<{ image: CanvasImageSource; time: number }>

export interface VideoProgress {
  frame: number
  frames: number
}

/** The codecs of `codecs` this browser's WebCodecs encodes at width x height. */
export async function encodableCodecs(
  codecs: readonly VideoCodec[],
  width: number,
  height: number,
): Promise<VideoCodec[]> {
  const checked = await Promise.all(
    codecs.map((codec) => canEncodeVideo(codec, { width, height, bitrate: QUALITY_HIGH }).catch(() => false)),
  )
  return codecs.filter((_, i) => checked[i])
}

/** Null when the browser encodes the chosen codec, else why not and what it offers instead. */
export async function encodingProblem(settings: VideoSettings): Promise<string | null> {
  const { codec, container, width, height } = settings
  if ((await encodableCodecs([codec], width, height)).length > 0) return null
  const alternatives: string[] = []
  for (const other of ['mp4', 'webm'] as const)
    for (const c of await encodableCodecs(CONTAINER_CODECS[other], width, height))
      alternatives.push(`${CONTAINER_LABELS[other]} (${CODEC_LABELS[c]})`)
  return (
    `This browser cannot encode ${CODEC_LABELS[codec]} video at ${width} x ${height} (WebCodecs ` +
    `VideoEncoder): ${CONTAINER_LABELS[container]} with ${CODEC_LABELS[codec]} is not possible here; ` +
    (alternatives.length > 0 ? `choose ${alternatives.join(', ')}` : 'nor is any other codec')
  )
}

/**
 * Writes the video to `path` (the host's); answers its path and length, or null when `signal` was
 * aborted (nothing written then).
 */
export async function exportVideo(
  settings: VideoSettings,
  path: string,
  render: FrameRenderer,
  onProgress: (progress: VideoProgress) => void,
  signal: AbortSignal,
): Promise<{ path: string; bytes: number; frames: number } | null> {
  const problem = await encodingProblem(settings)
  if (problem) throw new Error(problem)
  const file = await startHostFile(path)
  const frames = frameCount(settings)
  const { width, height, fps } = settings
  const composite = new OffscreenCanvas(width, height)
  const context = composite.getContext('2d')
  if (!context) throw new Error('No 2D canvas to compose the video frames on')
  const output = new Output({
    format: settings.container === 'mp4' ? new Mp4OutputFormat() : new WebMOutputFormat(),
    target: new StreamTarget(file.writable, { chunked: true, chunkSize: CHUNK_BYTES }),
  })
  const source = new CanvasSource(composite, { codec: settings.codec, bitrate: QUALITY_HIGH })
  output.addVideoTrack(source, { frameRate: fps })
  try {
    await output.start()
    for (let k = 0; k < frames; k++) {
      if (signal.aborted) break
      const { image, time } = await render(frameTime(settings, k))
      context.clearRect(0, 0, width, height)
      context.drawImage(image, 0, 0, width, height)
      if (settings.timeOverlay) drawTimeLabel(context, time, height)
      await source.add(k / fps, 1 / fps)
      onProgress({ frame: k + 1, frames })
    }
    if (signal.aborted) {
      await output.cancel()
      await file.discard()
      return null
    }
    await output.finalize()
    return { path: file.path, bytes: await file.keep(), frames }
  } catch (error) {
    await output.cancel().catch(() => undefined)
    await file.discard().catch(() => undefined)
    throw error
  }
}
