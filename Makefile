# Installs the announce command-line tool:
#
#   make install                      # into /usr/local
#   make install PREFIX=$HOME/.local  # anywhere; DESTDIR=… stages a package
#   make uninstall PREFIX=…
#
# PREFIX/libexec/announce/announce is the binary, with the package's words (the resource bundle
# SwiftPM builds beside it) in the same folder; PREFIX/bin/announce is a link to it. The man page
# goes to PREFIX/share/man/man1, the completions to where bash-completion, zsh and fish look.
# SWIFT_BUILD_FLAGS adds flags to the release build (for example --static-swift-stdlib on Linux, for a
# binary that runs without the Swift toolchain).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=

root := $(DESTDIR)$(PREFIX)
libexec := $(root)/libexec/announce
bundle_names := AnnouncementKit_AnnouncementKit.resources AnnouncementKit_AnnouncementKit.bundle

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build -c release --product announce $(SWIFT_BUILD_FLAGS)

install: build
	@bin_path="$$($(SWIFT) build -c release --show-bin-path $(SWIFT_BUILD_FLAGS))"; \
	set -e; \
	install -d "$(libexec)" "$(root)/bin" "$(root)/share/man/man1" \
		"$(root)/share/bash-completion/completions" "$(root)/share/zsh/site-functions" \
		"$(root)/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin_path/announce" "$(libexec)/announce"; \
	found=0; \
	for name in $(bundle_names); do \
		rm -rf "$(libexec)/$$name"; \
		if [ -d "$$bin_path/$$name" ]; then cp -R "$$bin_path/$$name" "$(libexec)/$$name"; found=1; fi; \
	done; \
	[ "$$found" = 1 ] || { echo "error: no resource bundle beside $$bin_path/announce" >&2; exit 1; }; \
	ln -sf ../libexec/announce/announce "$(root)/bin/announce"; \
	install -m 644 man/announce.1 "$(root)/share/man/man1/announce.1"; \
	"$(libexec)/announce" completions bash > "$(root)/share/bash-completion/completions/announce"; \
	"$(libexec)/announce" completions zsh > "$(root)/share/zsh/site-functions/_announce"; \
	"$(libexec)/announce" completions fish > "$(root)/share/fish/vendor_completions.d/announce.fish"; \
	echo "installed $(root)/bin/announce ($$("$(libexec)/announce" --version))"

uninstall:
	rm -rf "$(libexec)"
	rm -f "$(root)/bin/announce" "$(root)/share/man/man1/announce.1" \
		"$(root)/share/bash-completion/completions/announce" "$(root)/share/zsh/site-functions/_announce" \
		"$(root)/share/fish/vendor_completions.d/announce.fish"
