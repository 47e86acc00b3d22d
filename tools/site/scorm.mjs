// The SCORM packages: the students' part of the site plus imsmanifest.xml, zipped, so an
// instructor can upload one file to an LMS. Two from one build, the same files in both:
//   SCORM 1.2                 the widest LMS support (ADL SCORM 1.2 Content Aggregation Model)
//   SCORM 2004 4th Edition    success and completion apart, a mastery score, 64,000
//                             characters of suspend_data, one cmi.interactions record per
//                             question (ADL SCORM 2004 4th Edition CAM and SN books)
// One SCO, launched at the registry's launch page (web/js/pages/scorm-launch.js: one LMS
// session for the whole visit; web/js/lms/scorm-versions.js says what each LMS gets).
// The launch URL's ?scorm= tells that page which API to prefer when an LMS offers both.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { escapeHtml } from './html.mjs';
import { isTwin } from './compress.mjs';

export const PACKAGES = {
  '1.2': 'attention-lab-scorm12.zip',
  '2004': 'attention-lab-scorm2004.zip',
};

// Every entry dated 1980-01-01 in local time (a zip stores local time): two builds give the same bytes.
const ZIP_TIME = new Date(1980, 0, 1);

function listFiles(dir, root = dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p, root) : [relative(root, p).split('\\').join('/')];
  });
}

// The site's files a student gets: not the gradebook (the registry's "instructor" page and
// its script, which only it loads, in every language), not downloads/ (the packages and question banks), not
// embed/ (the instructor's kit for slides and web pages; inside an LMS there is nothing to embed into),
// not the compressed twins (.br, .gz: an LMS serves the files themselves).
export function packageFiles(site, pages) {
  const left = new Set(pages.filter((p) => p.kind === 'instructor').flatMap((p) => [p.file, `js/${p.script}`]));
  // (the gradebook in each language: fr/instructor.html too)
  const gradebook = (f) => left.has(f) || left.has(f.replace(/^[a-z]{2,3}(-[A-Za-z]+)*\//, ''));
  return listFiles(site).filter((f) => !f.startsWith('downloads/') && !f.startsWith('embed/') && !gradebook(f) && !isTwin(f));
}

const fileList = (files) => files.map((f) => `      <file href="${escapeHtml(f)}"/>`).join('\n');

export function manifest12(title, files, launch) {
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
      <item identifier="lab-item" identifierref="lab-sco" isvisible="true" parameters="?scorm=1.2"><title>${t}</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab-sco" type="webcontent" adlcp:scormtype="sco" href="${escapeHtml(launch)}">
${fileList(files)}
    </resource>
  </resources>
</manifest>
`;
}

// masteryScore: the scaled score (0..1) that passes, or null. The item's primary objective is
// satisfied by it (the LMS hands it to the SCO as cmi.scaled_passing_score); the SCO reports
// completion and success itself, so the LMS must not assume them when it exits.
export function manifest2004(title, files, launch, masteryScore) {
  const t = escapeHtml(title);
  const objective = Number.isFinite(masteryScore) ? `
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="lab-score" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${masteryScore}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-2004" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="lab">
    <organization identifier="lab">
      <title>${t}</title>
      <item identifier="lab-item" identifierref="lab-sco" isvisible="true" parameters="?scorm=2004">
        <title>${t}</title>
        <imsss:sequencing>${objective}
          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
        </imsss:sequencing>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab-sco" type="webcontent" adlcp:scormType="sco" href="${escapeHtml(launch)}">
${fileList(files)}
    </resource>
  </resources>
</manifest>
`;
}

// The site-only parts of a page (the landing page's link to the gradebook, which no
// package holds), between <!-- site-only --> and <!-- /site-only -->, are left out.
const siteOnly = /<!-- site-only -->[\s\S]*?<!-- \/site-only -->/g;

// site: the built folder; pages: the registry (content/pages.json); version: '1.2' | '2004';
// masteryScore: content/assignment.json's lms.masteryScore (2004 only). -> the zip, a Buffer.
export function scormPackage(site, { title, pages, version, masteryScore = null }) {
  const launch = pages.find((p) => p.kind === 'launch').file;
  const files = packageFiles(site, pages);
  const text = version === '2004' ? manifest2004(title, files, launch, masteryScore) : manifest12(title, files, launch);
  const entries = { 'imsmanifest.xml': Buffer.from(text, 'utf8') };
  for (const name of files) {
    const data = readFileSync(join(site, name));
    entries[name] = name.endsWith('.html') ? Buffer.from(data.toString('utf8').replace(siteOnly, ''), 'utf8') : data;
  }
  return Buffer.from(zipSync(entries, { mtime: ZIP_TIME }));
}
