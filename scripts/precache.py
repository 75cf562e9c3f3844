#!/usr/bin/env python3
"""Writes SITE/sw-manifest.js, the service worker's precache list (web/sw.js).

    scripts/precache.py build/site     # prints the version

The list is every file of the site (relative paths, so the site works from
any sub-path), plus "./" for each folder with an index.html (the address a
browser opens), less the service worker's own two files and the hosts'
`_headers` file (read by the host, which need not serve it). The version is a
sha256 over the paths and contents of the listed files and of sw.js: a build
that changes any byte gets a new version, so the service worker's script
changes too (the browser installs it as an update) and it fills a new cache,
never a mix of old and new files. Run by scripts/build-site.sh last, when the
site is complete.
"""
import hashlib
import json
import os
import sys

OWN = ('sw.js', 'sw-manifest.js')   # the service worker itself: fetched by the browser, never cached
HOST = ('_headers',)                # the host's own settings (Netlify, Cloudflare Pages): maybe not served


def precache(site):
    files = []
    for dirpath, dirnames, filenames in os.walk(site):
        dirnames.sort()
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), site).replace(os.sep, '/')
            if rel not in OWN and rel not in HOST:
                files.append(rel)
    files.sort()
    digest = hashlib.sha256()
    for rel in files + [f for f in ('sw.js',) if os.path.isfile(os.path.join(site, f))]:
        with open(os.path.join(site, rel), 'rb') as f:
            content = f.read()
        digest.update(f'{rel}\0{len(content)}\0'.encode())
        digest.update(content)
    version = digest.hexdigest()[:20]
    # A folder's address ("./", "tree/") answers with its index.html.
    urls = [f[:-len('index.html')] or './' for f in files if f == 'index.html' or f.endswith('/index.html')]
    return version, urls + files


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit('usage: scripts/precache.py SITE_DIR')
    site = sys.argv[1]
    version, urls = precache(site)
    with open(os.path.join(site, 'sw-manifest.js'), 'w') as f:
        f.write('// Written by scripts/precache.py: the files web/sw.js caches, and their version.\n')
        f.write(f'self.PRECACHE = {json.dumps({"version": version, "files": urls}, indent=1)};\n')
    print(version)


if __name__ == '__main__':
    main()
