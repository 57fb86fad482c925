// libcurl's headers for Swift (Linux only: see CurlTransfer in AnnouncementKit).
#ifndef ANNOUNCEMENTKIT_CCURL_SHIM_H
#define ANNOUNCEMENTKIT_CCURL_SHIM_H
#include <curl/curl.h>
#endif
