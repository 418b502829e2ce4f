// hls.js publishes its light build (no subtitles, alternate audio or DRM, which the courses do
// not use: about a third smaller) under "hls.js/light" without types of its own; it is the same
// API as the full build.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
