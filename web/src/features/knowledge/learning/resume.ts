/**
 * Router state of a link that continues a course (the progress page's 继续学习): the display
 * page opens on the point the server suggests next rather than the first one.
 */
export interface ResumeState {
  resume: true;
}

export const RESUME_STATE: ResumeState = { resume: true };

export function isResume(state: unknown): state is ResumeState {
  return typeof state === 'object' && state !== null && (state as Partial<ResumeState>).resume === true;
}
