// POST /oauth/token (SPEC "Auth", RFC 6749 §3.2): read the request, authenticate the client, run its grant.
import * as Effect from "effect/Effect";
import { OAuthError } from "../../domain/oauth/errors.ts";
import { parseTokenRequest, type FormFields } from "../../domain/oauth/token-request.ts";
import type { HostEnvironment } from "../accounts/authenticate.ts";
import { authenticateClient } from "./tokens.ts";
import { clientCredentialsGrant } from "./client-credentials.ts";
import { authorizationCodeGrant } from "./authorization-code.ts";
import { refreshTokenGrant } from "./refresh-token.ts";

export const requestToken = Effect.fn("requestToken")(function* (
  fields: FormFields,
  authorization: string | undefined,
  hostEnv: HostEnvironment,
) {
  const request = parseTokenRequest(fields, authorization);
  if (request instanceof OAuthError) return yield* request;
  const app = yield* authenticateClient(request.client, hostEnv);
  switch (request.grantType) {
    case "client_credentials":
      return yield* clientCredentialsGrant(app, request);
    case "authorization_code":
      return yield* authorizationCodeGrant(app, request);
    case "refresh_token":
      return yield* refreshTokenGrant(app, request);
  }
});
