import { z } from 'zod';

/** What the playback calls take and answer (spec sections 3 and 7). */

/** POST /api/tracks/{id}/stream (spec section 3, stream event payload). */
export const streamEventSchema = z.object({
  duration: z.number({ message: 'duration must be a number of seconds' }).min(0).max(24 * 60 * 60),
  completedPercentage: z.number({ message: 'completedPercentage must be a number' }).min(0).max(100),
  streamType: z.literal('play', { message: "streamType must be 'play'" }),
});
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const streamCountSchema = z.object({ streamCount: z.number() });
export type StreamCount = z.infer<typeof streamCountSchema>;
