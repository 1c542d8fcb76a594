// libxml2's last error record: the message text of the parse error that Foundation's XMLParser
// (which runs on this same libxml2) passes on only as a number (CAMLDocumentParser).
//
// Declared here rather than through <libxml/xmlerror.h>: Debian's libxml2 is built with ICU, so
// its headers include the system's ICU headers, whose `UErrorCode` clashes with Foundation's own
// ICU module. The record is libxml2's `struct _xmlError` (xmlerror.h), unchanged since 2.6.
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

typedef struct CLibXML2Error {
    int domain;       // the part of libxml2 that raised it
    int code;         // an xmlParserErrors number (what Foundation's NSError carries)
    char *message;    // the human-readable message, ending in a newline
    int level;        // 1 warning, 2 error, 3 fatal
    char *file;
    int line;         // 1-based line, 0 when not available
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;         // 1-based column, 0 when not available
    void *ctxt;
    void *node;
} CLibXML2Error;

/// libxml2's last error on this thread (`xmlGetLastError`), or NULL.
const CLibXML2Error *xmlGetLastError(void);
/// Clears it (`xmlResetLastError`).
void xmlResetLastError(void);

#endif
