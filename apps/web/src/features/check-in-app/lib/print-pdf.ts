/** Prints a PDF from a hidden frame: the browser's print dialog opens, the page stays as it is. */
export function printPdf(pdf: Blob): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(pdf);
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'Badge to print';
    frame.src = url;
    frame.onload = () => {
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve();
      } catch (error) {
        reject(error as Error);
      }
      // The print dialog holds the document until it closes; the frame goes well after.
      setTimeout(() => {
        frame.remove();
        URL.revokeObjectURL(url);
      }, 60_000);
    };
    document.body.append(frame);
  });
}
