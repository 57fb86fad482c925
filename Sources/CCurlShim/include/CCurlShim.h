// Typed wrappers of libcurl's variadic calls, which Swift cannot make: curl_easy_setopt and
// curl_easy_getinfo take their value through `...`, so each kind of value gets a function of its
// own. Used by CurlTransfer in AnnouncementKit, on Linux only.
#ifndef ANNOUNCEMENTKIT_CCURLSHIM_H
#define ANNOUNCEMENTKIT_CCURLSHIM_H

#include <curl/curl.h>

/// A write or header callback: `size * count` bytes at `data`; returns the bytes taken (fewer aborts).
typedef size_t (*ak_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// A transfer-progress callback; a non-zero return aborts the transfer.
typedef int (*ak_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                         curl_off_t upload_total, curl_off_t upload_now);

/// `curl_easy_setopt` with a `long` value.
CURLcode ak_curl_setopt_long(CURL *handle, CURLoption option, long value);

/// `curl_easy_setopt` with a `curl_off_t` value.
CURLcode ak_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);

/// `curl_easy_setopt` with a string (libcurl copies it) or a pointer (a list, a callback's context).
CURLcode ak_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);

/// `curl_easy_setopt` with a write or header callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`).
CURLcode ak_curl_setopt_data_callback(CURL *handle, CURLoption option, ak_curl_data_callback callback);

/// `curl_easy_setopt` of `CURLOPT_XFERINFOFUNCTION`, with progress calls turned on (`CURLOPT_NOPROGRESS` 0).
CURLcode ak_curl_setopt_progress_callback(CURL *handle, ak_curl_progress_callback callback);

/// `curl_easy_getinfo` of a `long` (`CURLINFO_RESPONSE_CODE`, `CURLINFO_OS_ERRNO`).
CURLcode ak_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);

/// `curl_easy_getinfo` of a string (`CURLINFO_EFFECTIVE_URL`); the string belongs to the handle.
CURLcode ak_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

#endif
