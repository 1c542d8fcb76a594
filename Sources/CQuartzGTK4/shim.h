// GTK 4 for Examples/gtkembed only (a layer tree drawn by CARenderer inside a GtkGLArea);
// the package builds it when libgtk-4-dev is installed (Package.swift looks for the header).
#include <gtk/gtk.h>
