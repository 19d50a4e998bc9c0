// Uploaded files: the rules and messages, without zod (schemas/upload-rules.ts re-exports them and adds the zod
// field), so a form page's first load skips zod and its schemas (issue #43, apps/web/src/lib/lazy-resolver.ts).
import { LIMITS } from '../constants';

// Upload rules shared by the browser (checks the file's name and size before sending) and the API
// (checks the same rules, plus the file's real type read from its bytes). Same messages on both sides.

export type FileKind = 'jpg' | 'png' | 'webp' | 'pdf' | 'doc' | 'docx';

export interface FileRule {
  /** Extensions accepted in the file's name (lower case, no dot). */
  extensions: readonly string[];
  /** Types accepted from the file's bytes. */
  kinds: readonly FileKind[];
  maxBytes: number;
  requiredMessage: string;
  typeMessage: string;
  sizeMessage: string;
}

export const UPLOAD_MESSAGES = {
  empty: 'Le fichier est vide.',
  badName: "Le nom du fichier n'est pas accepté.",
  requiredAll: 'Veuillez remplir tous les champs.',
  restrictionProofRequired: 'Veuillez joindre un justificatif de restriction.',
} as const;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
const documentRule = (requiredMessage: string): FileRule => ({
  extensions: DOCUMENT_EXTENSIONS,
  kinds: ['pdf', 'doc', 'docx'],
  maxBytes: LIMITS.documentMaxBytes,
  requiredMessage,
  typeMessage: 'Le fichier doit être au format pdf, doc ou docx.',
  sizeMessage: 'Le fichier ne doit pas dépasser 5 Mo.',
});

export const FILE_RULES = {
  avatar: {
    extensions: [...IMAGE_EXTENSIONS, 'webp'],
    kinds: ['jpg', 'png', 'webp'],
    maxBytes: LIMITS.imageMaxBytes,
    requiredMessage: "Veuillez choisir une image pour l'avatar.",
    typeMessage: "L'avatar doit être une image au format jpg, jpeg, png ou webp.",
    sizeMessage: "L'image ne doit pas dépasser 5 Mo.",
  },
  profile_image: {
    extensions: IMAGE_EXTENSIONS,
    kinds: ['jpg', 'png'],
    maxBytes: LIMITS.imageMaxBytes,
    requiredMessage: 'Veuillez joindre une photo de profil.',
    typeMessage: "L'image de profil doit être au format jpg, jpeg ou png.",
    sizeMessage: "L'image ne doit pas dépasser 5 Mo.",
  },
  /** The organisation's signature on receipts (docs/product/payments.md "Receipts"). */
  signature: {
    extensions: IMAGE_EXTENSIONS,
    kinds: ['jpg', 'png'],
    maxBytes: LIMITS.signatureMaxBytes,
    requiredMessage: "Veuillez choisir l'image de la signature.",
    typeMessage: 'La signature doit être une image au format png, jpg ou jpeg.',
    sizeMessage: "L'image de la signature ne doit pas dépasser 1 Mo.",
  },
  cv: documentRule('Veuillez joindre votre CV.'),
  motivation_letter: documentRule('Veuillez joindre votre lettre de motivation.'),
  criminal_record: documentRule('Veuillez joindre votre extrait de casier judiciaire.'),
  restriction_proof: documentRule(UPLOAD_MESSAGES.restrictionProofRequired),
  project_file: {
    extensions: ['pdf'],
    kinds: ['pdf'],
    maxBytes: LIMITS.projectFileMaxBytes,
    requiredMessage: 'Veuillez joindre un fichier pdf.',
    typeMessage: 'Le fichier doit être au format pdf.',
    sizeMessage: 'Le fichier ne doit pas dépasser 2 Mo.',
  },
} as const satisfies Record<string, FileRule>;

/** Extensions that must never appear inside a file name, even before an accepted one ("photo.php.png"). */
const DANGEROUS_INNER = new Set(
  'php phtml php3 php4 php5 phar exe dll com bat cmd sh bash ps1 vbs vbe js mjs cjs jse wsf msi scr jar py pl rb cgi asp aspx jsp html htm xhtml svg hta shtml'.split(
    ' ',
  ),
);

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A name is refused when it carries a path, control characters, or a second, executable-looking extension. */
export function isAcceptableFileName(name: string): boolean {
  if (!name || name.length > 255) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || name.includes('..') || name.startsWith('.')) return false;
  const parts = name.toLowerCase().split('.');
  return parts.slice(1, -1).every((p) => !DANGEROUS_INNER.has(p.trim()));
}

export interface FileLike {
  name: string;
  size: number;
}
const isFileLike = (v: unknown): v is FileLike =>
  typeof v === 'object' && v !== null && typeof (v as FileLike).name === 'string' && typeof (v as FileLike).size === 'number';

/** The first file of a FileList / array / single File, or undefined. */
export function firstFile(value: unknown): FileLike | undefined {
  if (isFileLike(value)) return value;
  if (value && typeof value === 'object' && 'length' in value) {
    const first = (value as ArrayLike<unknown>)[0];
    return isFileLike(first) ? first : undefined;
  }
  return undefined;
}

/** Checks a file's name and size against a rule (the browser's side; the API also checks the bytes). */
export function checkFileMeta(file: FileLike, rule: FileRule): string | null {
  if (!isAcceptableFileName(file.name)) return UPLOAD_MESSAGES.badName;
  if (!rule.extensions.includes(fileExtension(file.name))) return rule.typeMessage;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  return null;
}
