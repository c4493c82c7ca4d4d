import yauzl from 'yauzl';

export interface ZipEntryRead {
  name: string;
  method: number;
  bytes: Buffer;
}

/** Reads a ZIP with yauzl (an independent reader), checking sizes and CRCs, entries in their stored order. */
export function unzip(zip: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => {
      if (error) return reject(error);
      const entries: ZipEntryRead[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, async (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          try {
            for await (const chunk of stream) chunks.push(chunk as Buffer);
          } catch (readError) {
            return reject(readError as Error);
          }
          entries.push({ name: entry.fileName, method: entry.compressionMethod, bytes: Buffer.concat(chunks) });
          file.readEntry();
        });
      });
      file.readEntry();
    });
  });
}
