#include "CCurlShim.h"

CURLcode ak_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ak_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ak_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ak_curl_setopt_data_callback(CURL *handle, CURLoption option, ak_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode ak_curl_setopt_progress_callback(CURL *handle, ak_curl_progress_callback callback) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode ak_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ak_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}
