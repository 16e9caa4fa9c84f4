import { describe, expect, it } from 'vitest';
import { chooseVideoSource, videoFile } from './video-source';

const both = {
  video_url: '/media/videos/original.mp4',
  renditions: [
    { height: 240, url: '/media/renditions/240.mp4', size_bytes: 100 },
    { height: 360, url: '/media/renditions/360.mp4', size_bytes: 200 },
  ],
};

describe('chooseVideoSource', () => {
  it('plays the original on Wi-Fi, wired, or where the browser says nothing', () => {
    expect(chooseVideoSource(both, { type: 'wifi', effectiveType: '4g' })).toBe(both.video_url);
    expect(chooseVideoSource(both, { type: 'ethernet' })).toBe(both.video_url);
    expect(chooseVideoSource(both, undefined)).toBe(both.video_url);
    expect(chooseVideoSource(both, { effectiveType: '4g' })).toBe(both.video_url);
  });

  it('plays 360p on mobile data and 3G, 240p when saving data or on 2G', () => {
    expect(chooseVideoSource(both, { type: 'cellular', effectiveType: '4g' })).toBe(
      '/media/renditions/360.mp4',
    );
    expect(chooseVideoSource(both, { effectiveType: '3g' })).toBe('/media/renditions/360.mp4');
    expect(chooseVideoSource(both, { type: 'cellular', saveData: true })).toBe('/media/renditions/240.mp4');
    expect(chooseVideoSource(both, { effectiveType: 'slow-2g' })).toBe('/media/renditions/240.mp4');
    // Save-Data wins even on Wi-Fi? No: Wi-Fi costs nothing per megabyte, so the original plays.
    expect(chooseVideoSource(both, { type: 'wifi', saveData: true })).toBe(both.video_url);
  });

  it('plays what there is: the original until copies exist, the 240p one when it is the only copy', () => {
    expect(chooseVideoSource({ ...both, renditions: [] }, { type: 'cellular' })).toBe(both.video_url);
    expect(chooseVideoSource({ ...both, renditions: [both.renditions[0]!] }, { type: 'cellular' })).toBe(
      '/media/renditions/240.mp4',
    );
  });
});

describe('videoFile', () => {
  const video = { ...both, size_bytes: 5_000_000, thumbnail_url: '/media/thumbnails/a.webp' };

  it('with the data saver on: the smallest copy even on Wi-Fi, its size, and no still', () => {
    expect(videoFile(video, { type: 'wifi' }, true)).toEqual({
      url: '/media/renditions/240.mp4',
      sizeBytes: 100,
      poster: null,
    });
  });

  it('with it off: the connection decides, and the original says its own size', () => {
    expect(videoFile(video, { type: 'wifi' }, false)).toEqual({
      url: both.video_url,
      sizeBytes: 5_000_000,
      poster: '/media/thumbnails/a.webp',
    });
    expect(videoFile(video, { type: 'cellular' }, false).sizeBytes).toBe(200);
  });

  it('plays the original of a video without copies, data saver or not', () => {
    expect(videoFile({ ...video, renditions: [] }, undefined, true)).toEqual({
      url: both.video_url,
      sizeBytes: 5_000_000,
      poster: null,
    });
  });
});
