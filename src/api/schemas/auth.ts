import type * as z from 'zod/mini';
import { looseObject, optText, strictText } from './primitives.js';
import { UserSchema } from './common.js';

/** `POST /oauth/token`: a permanent access token (no refresh token, no expiry). */
export const OAuthTokenSchema = /* @__PURE__ */ looseObject({
  access_token: strictText,
  token_type: optText,
});
export type OAuthToken = z.output<typeof OAuthTokenSchema>;

/** `GET /current_user`; the spec does not show its shape, so it is read as a User. */
export const CurrentUserSchema = UserSchema;
export type CurrentUser = z.output<typeof CurrentUserSchema>;
