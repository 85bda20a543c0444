// What a video export of a replay is asked for, checked before anything is rendered, and the times
// of its frames: frame k shows the simulation at t_k = start + k speed / fps (speed: simulated
// seconds per video second), rendered one by one whatever the view's frame rate.
import type { VideoCodec } from 'mediabunny'

export type VideoContainer = 'mp4' | 'webm'

/** The codecs each container is offered with, in order of preference (mediabunny's names). */
export const CONTAINER_CODECS: Record<VideoContainer, readonly VideoCodec[]> = {
  mp4: ['avc', 'hevc', 'av1', 'vp9'],
  webm: ['vp9', 'vp8', 'av1'],
}
export const CODEC_LABELS: Partial<Record<VideoCodec, string>> = {
  avc: 'H.264',
  hevc: 'H.265',
  av1: 'AV1',
  vp9: 'VP9',
  vp8: 'VP8',
}
export const CONTAINER_LABELS: Record<VideoContainer, string> = { mp4: 'MP4', webm: 'WebM' }

export interface VideoSettings {
  container: VideoContainer
  codec: VideoCodec
  /** Pixels; even (4:2:0 chroma halves both). */
  width: number
  height: number
  /** Frames per video second. */
  fps: number
  /** Simulated seconds per video second. */
  speed: number
  /** The replay's time span to record (s). */
  start: number
  end: number
  /** Draw the simulation time onto every frame. */
  timeOverlay: boolean
  /** Draw the ground grid. */
  grid: boolean
}

/** The largest edge a video frame may have (H.264 level 6.2 and VP9 level 6.2 top out near 8192). */
export const MAX_VIDEO_EDGE = 7680
/** At most this many frames in one export (about 28 minutes at 60 fps). */
export const MAX_VIDEO_FRAMES = 100_000

/** What is wrong with `settings` for a replay spanning `range`, one message per problem. */
export function videoSettingsProblems(
  settings: VideoSettings,
  range: { start: number; end: number } | null,
): string[] {
  const problems: string[] = []
  for (const key of ['width', 'height'] as const) {
    const value = settings[key]
    if (!Number.isInteger(value) || value < 16 || value > MAX_VIDEO_EDGE || value % 2 !== 0)
      problems.push(
        `Video ${key}: expected an even number of pixels from 16 to ${MAX_VIDEO_EDGE}, got ${value}`,
      )
  }
  if (!Number.isFinite(settings.fps) || settings.fps < 1 || settings.fps > 240)
    problems.push(`Video frame rate: expected 1 to 240 frames per second, got ${settings.fps}`)
  if (!Number.isFinite(settings.speed) || settings.speed <= 0)
    problems.push(`Video speed: expected simulated seconds per video second > 0, got ${settings.speed}`)
  if (!CONTAINER_CODECS[settings.container].includes(settings.codec))
    problems.push(
      `Video codec: ${settings.codec} is not written in ${CONTAINER_LABELS[settings.container]} files`,
    )
  if (!range) {
    problems.push('There is nothing to record: run the model or open a results file first')
    return problems
  }
  if (!(settings.start >= range.start && settings.start < settings.end && settings.end <= range.end))
    problems.push(
      `Video time span: expected ${range.start} <= from < to <= ${range.end} (the replay's frames), ` +
        `got ${settings.start} to ${settings.end}`,
    )
  else if (problems.length === 0 && frameCount(settings) > MAX_VIDEO_FRAMES)
    problems.push(
      `The video would have ${frameCount(settings)} frames, more than ${MAX_VIDEO_FRAMES}: ` +
        'raise the speed, lower the frame rate or shorten the time span',
    )
  return problems
}

/** Frames from start to end inclusive (an end within a millionth of a frame of one counts). */
export function frameCount({ start, end, fps, speed }: VideoSettings): number {
  return Math.floor(((end - start) * fps) / speed + 1e-6) + 1
}

/** t_k of frame k (multiplied out, not summed: no drift over thousands of frames). */
export const frameTime = (settings: VideoSettings, k: number): number =>
  settings.start + (k * settings.speed) / settings.fps

/** The file name extension of a container. */
export const extensionOf = (container: VideoContainer): string => `.${container}`
