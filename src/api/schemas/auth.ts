import * as v from 'valibot';
import { optText } from './primitives.js';
import { UserSchema } from './common.js';

/** `POST /oauth/token`: a permanent access token (no refresh token, no expiry). */
export const OAuthTokenSchema = v.looseObject({
  access_token: v.string(),
  token_type: optText,
});
export type OAuthToken = v.InferOutput<typeof OAuthTokenSchema>;

/** `GET /current_user`; the spec does not show its shape, so it is read as a User. */
export const CurrentUserSchema = UserSchema;
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;
