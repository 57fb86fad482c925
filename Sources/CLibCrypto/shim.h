// OpenSSL 3's libcrypto headers for Swift (Linux only: see Ed25519SignatureVerifier in
// AnnouncementKitSignatures). Only what the EVP interface needs: keys, one-shot signing and
// verification, digests, PEM through memory BIOs, and the error queue.
#ifndef ANNOUNCEMENTKIT_CLIBCRYPTO_SHIM_H
#define ANNOUNCEMENTKIT_CLIBCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#endif
