import type { KeyInput } from 'jose';

/** The asymmetric JWS algorithms (RFC 7518, RFC 8037) a JWKS-verified token may use by default. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = Object.freeze([
  'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519',
]);

const HMAC = Object.freeze(['HS256', 'HS384', 'HS512']);
const RSA = Object.freeze(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']);
const RSA_PSS = Object.freeze(['PS256', 'PS384', 'PS512']);
const EDDSA = Object.freeze(['EdDSA', 'Ed25519']);

// Curve names as node:crypto (KeyObject), WebCrypto and JWK spell them.
const EC_BY_CURVE: Readonly<Record<string, readonly string[]>> = Object.freeze({
  prime256v1: ['ES256'], secp256r1: ['ES256'], 'P-256': ['ES256'],
  secp384r1: ['ES384'], 'P-384': ['ES384'],
  secp521r1: ['ES512'], 'P-521': ['ES512'],
});

const HASH_SUFFIX: Readonly<Record<string, string>> = Object.freeze({ 'SHA-256': '256', 'SHA-384': '384', 'SHA-512': '512' });

type KeyObjectLike = { readonly type: string; readonly asymmetricKeyType?: string; readonly asymmetricKeyDetails?: { readonly namedCurve?: string } };
type CryptoKeyLike = { readonly algorithm: { readonly name: string; readonly namedCurve?: string; readonly hash?: { readonly name: string } } };
type JwkLike = { readonly kty: string; readonly crv?: string; readonly alg?: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The JWS algorithms a verification key can check, from its type: HMAC only for a secret,
 * never for a public key (so a token signed with HS256 over the public key's bytes can never
 * verify), and never `none`. `[]` for a key this module does not recognise.
 *
 * @example
 * algorithmsForKey(ecPublicKeyOnP256)        // ['ES256']
 * algorithmsForKey(new Uint8Array(32))       // ['HS256', 'HS384', 'HS512']
 * algorithmsForKey({ kty: 'RSA', alg: 'RS256', n, e }) // ['RS256']
 */
export function algorithmsForKey(key: KeyInput): readonly string[] {
  if (key instanceof Uint8Array) return HMAC;
  const value: unknown = key;
  if (!isObject(value)) return [];
  if (typeof value['kty'] === 'string') return forJwk(value as JwkLike);
  if (isObject(value['algorithm'])) return forCryptoKey(value as CryptoKeyLike);
  if (typeof value['type'] === 'string') return forKeyObject(value as KeyObjectLike);
  return [];
}

function forKeyObject(key: KeyObjectLike): readonly string[] {
  if (key.type === 'secret') return HMAC;
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return RSA;
    case 'rsa-pss':
      return RSA_PSS;
    case 'ec':
      return EC_BY_CURVE[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? [];
    case 'ed25519':
      return EDDSA;
    default:
      return [];
  }
}

function forCryptoKey(key: CryptoKeyLike): readonly string[] {
  const { name, namedCurve, hash } = key.algorithm;
  const bits = HASH_SUFFIX[hash?.name ?? ''];
  switch (name) {
    case 'HMAC':
      return bits === undefined ? [] : [`HS${bits}`];
    case 'RSASSA-PKCS1-v1_5':
      return bits === undefined ? [] : [`RS${bits}`];
    case 'RSA-PSS':
      return bits === undefined ? [] : [`PS${bits}`];
    case 'ECDSA':
      return EC_BY_CURVE[namedCurve ?? ''] ?? [];
    case 'Ed25519':
      return EDDSA;
    default:
      return [];
  }
}

function forJwk(jwk: JwkLike): readonly string[] {
  const byType = jwk.kty === 'oct' ? HMAC : jwk.kty === 'RSA' ? RSA : jwk.kty === 'EC' ? (EC_BY_CURVE[jwk.crv ?? ''] ?? []) : jwk.kty === 'OKP' && jwk.crv === 'Ed25519' ? EDDSA : [];
  if (jwk.alg === undefined) return byType;
  return byType.includes(jwk.alg) ? [jwk.alg] : [];
}
