import { api, unwrap } from './client';
import type { components } from './schema';

export type RecipeStepSettings = components['schemas']['RecipeStepSettings'];
export type RecipeColumn = components['schemas']['RecipeColumn'];
/** The kinds of recipe step, as the server's registry names them. */
export type RecipeStepKind = RecipeStepSettings['step'];

/** The session's recipe, step by step with the settings chosen (not what the steps learned). */
export async function getRecipe() {
  return (await unwrap(api.GET('/api/recipe/'))).steps;
}
