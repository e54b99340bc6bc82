import type { Reward } from './types'

// Reward amounts in cents (SPEC §1: 70 euro fixed line, up to 90 glass fibre, 50 mobile, up to 110 sport).
export const FIXED: Reward = [7000, 7500]
export const FIBRE_REWARD: Reward = [8000, 9000]
export const FIBRE_TOP: Reward = [9000, 9000]
export const MOBILE: Reward = [5000, 5500]
export const SERVICE: Reward = [5000, 5500]
export const BUSINESS: Reward = [7000, 8000]
export const BUSINESS_TOP: Reward = [9000, 9000]
export const SPORT: Reward = [9000, 11000]
