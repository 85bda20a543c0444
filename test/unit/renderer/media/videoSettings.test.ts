// A video's frames: t_k = start + k speed / fps up to the end inclusive, without drift over many
// frames, and settings the export cannot honour refused naming the parameter and what was expected.
import { describe, expect, it } from 'vitest'
import {
  frameCount,
  frameTime,
  videoSettingsProblems,
  type VideoSettings,
} from '../../../../src/renderer/media/videoSettings'

const settings = (changes: Partial<VideoSettings> = {}): VideoSettings => ({
  container: 'mp4',
  codec: 'avc',
  width: 1280,
  height: 720,
  fps: 30,
  speed: 1,
  start: 0,
  end: 2,
  timeOverlay: true,
  grid: true,
  ...changes,
})
const range = { start: 0, end: 2 }

describe('video frames', () => {
  it('spans the time from start to end inclusive at speed / fps per frame', () => {
    expect(frameCount(settings())).toBe(61)
    expect(frameCount(settings({ speed: 0.5 }))).toBe(121)
    expect(frameCount(settings({ fps: 24, speed: 2, start: 0.5 }))).toBe(19)
    // 0.1 s per frame does not divide 0.3 s exactly in binary: the end frame still counts.
    expect(frameCount(settings({ fps: 10, end: 0.3 }))).toBe(4)
  })

  it('multiplies the frame time out: the last of 100000 frames is the end time to 1 ulp', () => {
    const long = settings({ fps: 60, speed: 1 / 3, end: (99_999 / 60) * (1 / 3) })
    expect(frameCount(long)).toBe(100_000)
    expect(frameTime(long, 0)).toBe(0)
    expect(Math.abs(frameTime(long, 99_999) - long.end)).toBeLessThanOrEqual(Number.EPSILON * long.end)
  })

  it('accepts good settings', () => {
    expect(videoSettingsProblems(settings(), range)).toEqual([])
  })

  it('refuses odd or out-of-range sizes, rates, speeds, spans and codecs, naming each', () => {
    expect(
      videoSettingsProblems(settings({ width: 641, height: 8, fps: 0, speed: -1, codec: 'vp8' }), range),
    ).toEqual([
      'Video width: expected an even number of pixels from 16 to 7680, got 641',
      'Video height: expected an even number of pixels from 16 to 7680, got 8',
      'Video frame rate: expected 1 to 240 frames per second, got 0',
      'Video speed: expected simulated seconds per video second > 0, got -1',
      'Video codec: vp8 is not written in MP4 files',
    ])
    expect(videoSettingsProblems(settings({ start: 1, end: 3 }), range)).toEqual([
      "Video time span: expected 0 <= from < to <= 2 (the replay's frames), got 1 to 3",
    ])
    expect(videoSettingsProblems(settings(), null)).toEqual([
      'There is nothing to record: run the model or open a results file first',
    ])
    expect(videoSettingsProblems(settings({ fps: 240, speed: 0.001 }), range)).toEqual([
      'The video would have 480001 frames, more than 100000: raise the speed, lower the frame rate ' +
        'or shorten the time span',
    ])
  })
})
