import http from 'node:http';

/**
 * Downloads a CSV file, counting its records without holding it: a record ends at a line feed
 * outside quotes (a quoted field may hold line breaks; a doubled quote inside one toggles the state
 * twice). Counts the header as a record.
 */
export const downloadCsvRecords = (url: string): Promise<{ status: number; bytes: number; records: number }> =>
  new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let bytes = 0;
      let records = 0;
      let quoted = false;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = 0; at < chunk.length; at++) {
          const b = chunk[at];
          if (b === 34) quoted = !quoted;
          else if (b === 10 && !quoted) records++;
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, records }));
      res.on('error', reject);
    }).on('error', reject);
  });
