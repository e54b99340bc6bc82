import { newRecommendationNumber } from '@/lib/engine/recommendations/recommendation-codes'

/** A public reward id (/praemie/{praemieid}). */
export function newRewardNumber(): string {
  return newRecommendationNumber()
}
