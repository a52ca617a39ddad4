import { randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX, PAIRING_CODE_LENGTH } from '@portal/shared/check-in';
import { sha256Hex } from '../../lib/sha256';
import { readableCode } from '../badges/badge-codes';

/**
 * Pairing codes and device tokens are kept only as their SHA-256 (hex): both are long random
 * values, so a plain hash suffices (no slow password hash), and it lets a token be found by an
 * index lookup. A token is hashed whole, prefix included, as it arrives in the header.
 */
export const secretHash = sha256Hex;

/** A new pairing code: 8 characters without look-alikes (31^8 ≈ 8.5e11 values), valid minutes only. */
export const newPairingCode = () => readableCode(PAIRING_CODE_LENGTH);

/** As shown to a person, who types it on the device: `ABCD-EFGH`. */
export const formatPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The address a device opens (a QR code of it, on the organiser's screen); the code travels in the fragment, which no server or log sees. */
export const pairingUrl = (publicUrl: string, code: string) => `${publicUrl}/check-in/pair#code=${code}`;

/** A new device token: the prefix tells it from a person's access token, then 32 random bytes. */
export const newDeviceToken = () => `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
