/**
 * The spend limits of the API proxy's session in words (`limits` namespace), for the elements
 * that buy labels (src/shipping/spend-limits.ts); the others do not carry them.
 */
import { defineMessages } from './locale.js';

const en = {
  labelsPerDay: (limit: string, bought: string) => `Daily label limit: ${bought} of ${limit} bought today.`,
  dailySpend: (limit: string, spent: string) => `Daily spending limit: ${spent} of ${limit} spent today.`,
  labelCharge: (limit: string) => `Label price limit: ${limit} a label. Choose a cheaper rate.`,
};

export type LimitMessages = typeof en;

declare module './locale.js' {
  interface Translation {
    limits: LimitMessages;
  }
}

export const limitMessages = defineMessages('limits', en);
