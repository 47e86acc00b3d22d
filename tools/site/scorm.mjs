// The SCORM 1.2 package: the whole site plus imsmanifest.xml, zipped, so an
// instructor can upload one file to an LMS. One SCO, launched at the registry's
// launch page (web/js/pages/scorm-launch.js: one LMS session for the whole visit, with
// score, status and suspend_data; web/js/lms/lms-session.js says what the LMS gets).
// Reference: ADL SCORM 1.2 Content Aggregation Model.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zip } from './zip.mjs';
import { escapeHtml } from './html.mjs';

function listFiles(dir, root = dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p, root) : [relative(root, p).split('\\').join('/')];
  });
}

export function manifest(title, files, launch) {
  const t = escapeHtml(title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="lab">
    <organization identifier="lab">
      <title>${t}</title>
      <item identifier="lab-item" identifierref="lab-sco" isvisible="true"><title>${t}</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab-sco" type="webcontent" adlcp:scormtype="sco" href="${escapeHtml(launch)}">
${files.map((f) => `      <file href="${escapeHtml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

// site: the built folder (without downloads/); returns the zip as a Buffer.
// launch: the page the LMS opens (content/pages.json's "launch" page).
export function scormPackage(site, title, launch) {
  const files = listFiles(site).filter((f) => !f.startsWith('downloads/'));
  const entries = files.map((name) => ({ name, data: readFileSync(join(site, name)) }));
  entries.unshift({ name: 'imsmanifest.xml', data: Buffer.from(manifest(title, files, launch), 'utf8') });
  return zip(entries);
}
